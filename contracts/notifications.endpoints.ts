// zod-free (the bell is on the first load): types only from the zod contract.
import type { Paged } from './common';
import { endpoint } from './endpoint';
import type {
  NotificationItem,
  NotificationListQuery,
  NotificationPreferences,
  UpdatePreferencesBody,
} from './notifications';

/** The player's notifications (spec §7), served by server/src/modules/notifications. */
export const list = endpoint<Paged<NotificationItem>, void, NotificationListQuery>(
  'GET',
  'main-api',
  '/notifications/user-notifications',
);
/** Form-encoded is_viewed=true: on 200 the item leaves the unviewed list. */
export const markViewed = endpoint<NotificationItem, { is_viewed: 'true' }, { lang?: string }>(
  'PUT',
  'main-api',
  '/notifications/user-notifications/:id',
  { encoding: 'form' },
);
export const remove = endpoint<{ deleted: boolean }>('DELETE', 'main-api', '/notifications/user-notifications/:id');
export const preferences = endpoint<NotificationPreferences>('GET', 'main-api', '/notifications/preferences');
export const updatePreferences = endpoint<NotificationPreferences, UpdatePreferencesBody>(
  'PUT',
  'main-api',
  '/notifications/preferences',
);
