import { getPlatform } from '../../platform';

// "Seen" flags for one-time hints, kept on this device and, inside Telegram, in the player's CloudStorage, so a hint
// shown on the phone is not shown again on the desktop client. CloudStorage may be lost or slow (3 s timeout):
// the worst case is a hint shown twice, never a hint blocking anything.

/**
 * True the first time the hint `key` is claimed for this player (then it is marked seen everywhere); false once
 * it has been seen on this device or any of the player's Telegram devices.
 */
export async function claimHint(key: string, localKey = `hint:${key}`): Promise<boolean> {
  const platform = getPlatform();
  if (platform.storage.get(localKey) === 'true') return false;
  platform.storage.set(localKey, 'true');
  if (platform.kind !== 'telegram') return true;
  try {
    const ui = await platform.loadNative();
    const cloudKey = `seen_${key}`;
    const seen = await ui.prefs.get([cloudKey]);
    if (seen[cloudKey] === '1') return false;
    void ui.prefs.set(cloudKey, '1');
  } catch (err) {
    console.warn('Cloud hints unavailable', err);
  }
  return true;
}
