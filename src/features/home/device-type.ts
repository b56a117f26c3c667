import type { DeviceType } from '@contracts/informational';

/** Spec §9: PC at 1024 px or more, Tablet 481 to 1023, Mobile below. */
export function deviceTypeForWidth(width: number): DeviceType {
  if (width >= 1024) return 'pc';
  if (width >= 481) return 'tablet';
  return 'mobile';
}
