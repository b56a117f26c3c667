import type { Banner, DeviceType } from '@contracts/informational';
import { api } from '../../shared/api';

export function fetchBanners(languageCode: string, deviceType: DeviceType): Promise<Banner[]> {
  return api.get<Banner[]>('main-api/banners/', {
    searchParams: { banner_type: 'home', language_code: languageCode, device_type: deviceType },
    summary: 'get_banners',
  });
}
