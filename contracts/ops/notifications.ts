import { z } from 'zod';
import { opsEndpoint } from '../endpoint';
import { operatorMessageBody, retentionBody } from '../notifications';

// Notifications under /ops-api (issue 24; docs/architecture.md, "Operator endpoints"): a message to a player or a
// segment, a player's notifications with their delivery, the delivery queue, the retention.

export { operatorMessageBody, retentionBody };
export const messageSent = z.object({ count: z.number().int(), preview: z.boolean() });
/** One notification with one of its deliveries (channel null: kept in the app only). */
export const playerNotification = z.object({
  id: z.number(),
  kind: z.string(),
  category: z.string(),
  is_viewed: z.boolean(),
  created_at: z.string(),
  channel: z.string().nullable(),
  status: z.string().nullable(),
  attempts: z.number().nullable(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export const playerNotifications = z.array(playerNotification);
export const queueHealth = z.object({
  waiting: z.number().int(),
  due: z.number().int(),
  failed: z.number().int(),
  oldest_waiting: z.string().nullable(),
});
export const retention = z.object({ retention_days: z.number().int() });

/** Previews (counts) or sends a message; marketing skips unsubscribed, blocked and self-excluded players. */
export const sendMessage = opsEndpoint<z.infer<typeof messageSent>, z.input<typeof operatorMessageBody>>(
  'POST',
  '/notifications/messages',
  'notifications.send',
);
/** The player's newest 50 notifications, one row per delivery. */
export const playerNotificationsOf = opsEndpoint<z.infer<typeof playerNotifications>>(
  'GET',
  '/players/:id/notifications',
  'notifications.view',
);
export const queue = opsEndpoint<z.infer<typeof queueHealth>>('GET', '/notifications/queue', 'notifications.view');
export const getRetention = opsEndpoint<z.infer<typeof retention>>(
  'GET',
  '/notifications/retention',
  'notifications.view',
);
export const setRetention = opsEndpoint<z.infer<typeof retention>, z.input<typeof retentionBody>>(
  'PUT',
  '/notifications/retention',
  'notifications.send',
);
