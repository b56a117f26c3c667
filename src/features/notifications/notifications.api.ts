import * as notificationsEndpoints from '@contracts/notifications.endpoints';
import type { UpdatePreferencesBody } from '@contracts/notifications';
import { api } from '../../shared/api';

export const fetchNotifications = (q: { page: number; size: number; is_viewed?: 'false'; lang: string }) =>
  api.call(notificationsEndpoints.list, { query: q });
/** Form-encoded is_viewed=true (spec §7). */
export const markViewed = (id: number) =>
  api.call(notificationsEndpoints.markViewed, { params: { id }, body: { is_viewed: 'true' } });
export const deleteNotification = (id: number) => api.call(notificationsEndpoints.remove, { params: { id } });
export const fetchPreferences = () => api.call(notificationsEndpoints.preferences);
export const savePreferences = (body: UpdatePreferencesBody) =>
  api.call(notificationsEndpoints.updatePreferences, { body });
