import { sql, type Kysely } from 'kysely';

// Notifications (issue 24, docs/decisions/023-notifications.md): a durable inbox. A notification is a row written in the
// transaction of the operation it tells about, with its kind and parameters (never its text: texts are rendered in the
// reader's language when read or sent). Its deliveries outside the app (bot, email) are rows a job sends with retries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notif_notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('payment', 'account', 'marketing')`))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // one notification per event, whatever the number of times the event is seen (a scan, a retried job)
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('is_viewed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notif_notifications_player')
    .on('notif_notifications')
    .columns(['player_id', 'id'])
    .execute();
  await sql`create index notif_notifications_unviewed on notif_notifications (player_id, id) where not is_viewed`.execute(
    db,
  );
  await db.schema.createIndex('notif_notifications_created').on('notif_notifications').column('created_at').execute();

  await db.schema
    .createTable('notif_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('notification_id', 'bigint', (c) => c.notNull().references('notif_notifications.id').onDelete('cascade'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('telegram', 'email')`))
    // 0: payments and account, 1: marketing (sent after every waiting 0)
    .addColumn('priority', 'smallint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index notif_deliveries_waiting on notif_deliveries (priority, next_at, id) where status = 'waiting'`.execute(
    db,
  );
  await db.schema
    .createIndex('notif_deliveries_notification')
    .on('notif_deliveries')
    .column('notification_id')
    .execute();

  // Whether the bot may write to a player: allows_write_to_pm at sign-in, /start, the Mini App's request; a 403 from
  // Telegram (the player blocked the bot) marks it unavailable until the player allows it again.
  await db.schema
    .createTable('notif_telegram_access')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey())
    .addColumn('writable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notif_settings')
    .addColumn('id', 'smallint', (c) =>
      c
        .primaryKey()
        .defaultTo(1)
        .check(sql`id = 1`),
    )
    .addColumn('retention_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(90)
        .check(sql`retention_days between 1 and 3650`),
    )
    .execute();
  await sql`insert into notif_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notif_settings', 'notif_telegram_access', 'notif_deliveries', 'notif_notifications'])
    await db.schema.dropTable(t).execute();
}
