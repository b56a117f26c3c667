import type { Banner, DeviceType } from '@contracts/informational';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

export function fetchBanners(languageCode: string, deviceType: DeviceType): Promise<Banner[]> {
  return api.call(informationalEndpoints.banners, {
    query: { banner_type: 'home', language_code: languageCode, device_type: deviceType },
    summary: 'get_banners',
  });
}
