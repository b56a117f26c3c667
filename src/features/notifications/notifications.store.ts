import { proxy } from 'valtio';
import * as notificationsEndpoints from '@contracts/notifications.endpoints';
import { api } from '../../shared/api';
import { getPlatform } from '../../platform';
import { claimHint } from '../../shared/prefs/hints';

/** The bell's count: the player's unviewed notifications (null: not read yet, or signed out). */
export const notificationsState = proxy<{ unviewed: number | null; changed: number }>({ unviewed: null, changed: 0 });

let reading: Promise<void> | null = null;
/** Reads the unviewed count again (one request at a time); a failure leaves the count as it was. */
export function refreshUnviewed(): Promise<void> {
  reading ??= api
    .call(notificationsEndpoints.list, { query: { page: 1, size: 1, is_viewed: 'false' }, silentStatuses: [401] })
    .then((page) => {
      notificationsState.unviewed = page.total;
    })
    .catch(() => undefined)
    .finally(() => {
      reading = null;
    });
  return reading;
}

/** A live `notification` message: the count rises at once, the open list reads again, and the count is checked. */
export function noteNotification(): void {
  notificationsState.unviewed = (notificationsState.unviewed ?? 0) + 1;
  notificationsState.changed++;
  void refreshUnviewed();
}

export function resetNotifications(): void {
  notificationsState.unviewed = null;
}

/**
 * After the player's first credited deposit inside Telegram (a natural moment, never the launch): if they chose bot
 * messages and the bot may not write to them yet, Telegram asks once (a "seen" flag on this device and in the player's
 * cloud storage); the answer is kept on the server.
 */
export async function askWriteAccessAfterDeposit(): Promise<void> {
  if (getPlatform().kind !== 'telegram') return;
  const prefs = await api.call(notificationsEndpoints.preferences);
  if (prefs.preferred_communication_channel !== 'telegram' || !prefs.telegram.linked || prefs.telegram.writable) return;
  if (!(await claimHint('write_access_after_deposit'))) return;
  const allowed = await getPlatform().requestWriteAccess();
  if (allowed !== null)
    await api.call(notificationsEndpoints.updatePreferences, { body: { telegram_writable: allowed } });
}
