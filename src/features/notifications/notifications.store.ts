import { proxy } from 'valtio';
import * as notificationsEndpoints from '@contracts/notifications.endpoints';
import { api } from '../../shared/api';

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
