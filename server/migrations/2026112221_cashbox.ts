import { sql, type Kysely } from 'kysely';

// Payments (deposits and withdrawals) with the spec's status codes, and processed webhook events (idempotency).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cashbox_payments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('acc_players.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('deposit', 'withdrawal')`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('fee_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fee_minor >= 0`),
    )
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    // 0 processing, 1 processed, 2 processed with fee, 3 rejected, 4 manual (spec §3)
    .addColumn('status', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`status between 0 and 4`),
    )
    .addColumn('destination', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cashbox_payments_player').on('cashbox_payments').columns(['player_id', 'id']).execute();
  await db.schema
    .createTable('cashbox_webhook_events')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cashbox_webhook_events_pk', ['method', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashbox_webhook_events').ifExists().execute();
  await db.schema.dropTable('cashbox_payments').ifExists().execute();
}
