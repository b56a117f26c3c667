import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { NotificationCategory } from '@contracts/notifications.kinds';

export interface NotifNotificationsTable {
  id: Generated<string>;
  player_id: string;
  kind: string;
  category: NotificationCategory;
  params: JSONColumnType<Record<string, unknown>, string, string>;
  dedupe_key: string | null;
  is_viewed: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface NotifDeliveriesTable {
  id: Generated<string>;
  notification_id: string;
  player_id: string;
  channel: 'telegram' | 'email';
  /** 0: payments and account; 1: marketing. */
  priority: number;
  status: Generated<'waiting' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface NotifTelegramAccessTable {
  player_id: string;
  writable: Generated<boolean>;
  blocked_at: Date | null;
  updated_at: Generated<Date>;
}

export interface NotifSettingsTable {
  id: Generated<number>;
  retention_days: Generated<number>;
}

/** Each player's counts, kept by triggers in the writing transaction (migration 2026112760). */
export interface NotifCountsTable {
  player_id: string;
  total: number;
  unviewed: number;
}

export interface NotificationsTables {
  notif_notifications: NotifNotificationsTable;
  notif_deliveries: NotifDeliveriesTable;
  notif_telegram_access: NotifTelegramAccessTable;
  notif_settings: NotifSettingsTable;
  notif_counts: NotifCountsTable;
}
