import { z } from 'zod';
import { bigIdParams, paged, pageQuery } from './common';
import { notificationCategories } from './notifications.kinds';

// The player's notifications (spec §3 Notification, §7 notifications/user-notifications, issue 24).

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  category: z.enum(notificationCategories),
  /** What happened, rendered from the stored parameters in the language asked (`lang`, else the player's). */
  title: z.string(),
  text: z.string(),
  /** The app screen it is about (an app path), or null. */
  link: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  is_viewed: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationList = paged(notificationItem);

export const notificationListQuery = pageQuery.extend({
  /** false: only the unviewed ones (the bell's list); true: only the viewed ones; absent: all. */
  is_viewed: z.enum(['true', 'false']).optional(),
  category: z.enum(notificationCategories).optional(),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'must be a language code')
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationIdParams = bigIdParams('a notification id');
/** The language the answered item is rendered in (the app's current one); else the player's. */
export const notificationLangQuery = z
  .object({
    lang: z
      .string()
      .regex(/^[a-z]{2}$/, 'must be a language code')
      .optional(),
  })
  .strict();
/** Form-encoded `is_viewed=true` (spec §7); JSON `true` is taken too. */
export const markViewedBody = z.object({ is_viewed: z.union([z.literal('true'), z.literal(true)]) });

/** Where the player is told things outside the app. `sms`: nothing can deliver it, so it is not offered (ADR 023). */
export const deliveryChannels = ['telegram', 'email', 'none'] as const;
export const notificationPreferences = z.object({
  preferred_communication_channel: z.string(),
  unsubscribed: z.boolean(),
  telegram: z.object({
    /** The player signed in with Telegram (the bot knows the chat). */
    linked: z.boolean(),
    /** The player allowed the bot to write (allows_write_to_pm, /start, the Mini App's request). */
    writable: z.boolean(),
    /** Telegram refused a message (the player blocked the bot): nothing goes there until they allow it again. */
    unavailable: z.boolean(),
  }),
  email: z.object({ address: z.string().nullable() }),
  unviewed: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
export const updatePreferencesBody = z
  .object({
    preferred_communication_channel: z.enum(deliveryChannels),
    unsubscribed: z.boolean(),
    /** The Mini App's write-access request was answered (requestWriteAccess). */
    telegram_writable: z.boolean(),
  })
  .partial();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;

// Operators
/** A segment: its players match every filter given. */
export const segmentFilter = z
  .object({
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
    language: z.string().regex(/^[a-z]{2}$/),
    /** Seen in the app within this many days. */
    seen_within_days: z.coerce.number().int().min(1).max(3650),
    /** Signed up on this brand: the host of its public URL (`casino.example`, `localhost:3000`). */
    brand: z
      .string()
      .max(253)
      .regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/),
    /** At this level (the level's order, as the Player's `level`). */
    level: z.coerce.number().int().min(1).max(1000),
  })
  .strict()
  .partial();
export type SegmentFilter = z.infer<typeof segmentFilter>;
export const operatorMessageBody = z.object({
  /** One player, or a segment (all players when the filter is empty). */
  player_id: z.coerce.number().int().min(1).optional(),
  segment: segmentFilter.optional(),
  /** account: kept even for unsubscribed players (a message about their account); marketing: never to them. */
  category: z.enum(['account', 'marketing']).default('marketing'),
  texts: z
    .record(
      z.string().regex(/^[a-z]{2}$/),
      z.object({ title: z.string().min(1).max(120), body: z.string().min(1).max(2000) }),
    )
    .refine((t) => Object.keys(t).length > 0, 'at least one language'),
  /** true: only count who would get it. */
  preview: z.boolean().default(false),
});
export type OperatorMessageBody = z.input<typeof operatorMessageBody>;
export const retentionBody = z.object({ retention_days: z.number().int().min(1).max(3650) });
