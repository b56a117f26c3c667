import { sql, type Kysely } from 'kysely';
import { allowLedgerKinds } from '../src/modules/wallet';

// Cashback (issue 25): versioned settings (a period records the version it was computed with), the periods (each ends
// at a payout time; closed only once the ledger feed passed its end plus the grace), each player's real stakes,
// refunds and wins per period (the feed consumer `cashback` adds them), and one payout row per (period, player), paid
// once through the wallet's set-based credit under the key `cashback:<period>:<player>`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await allowLedgerKinds(db, ['cashback_payout']);
  await db.schema
    .createTable('cashback_settings')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('cashback_periods')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull().unique())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed', 'paid')`),
    )
    // the settings version the payouts were computed with (set when it closes)
    .addColumn('settings_version', 'integer', (c) => c.references('cashback_settings.version'))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint('cashback_periods_order', sql`starts_at < ends_at`)
    .execute();
  await sql`create index cashback_periods_unpaid on cashback_periods (ends_at) where status <> 'paid'`.execute(db);
  await db.schema
    .createTable('cashback_totals')
    .addColumn('period_id', 'bigint', (c) => c.notNull().references('cashback_periods.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('staked_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('won_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('cashback_totals_pk', ['period_id', 'player_id'])
    .execute();
  await db.schema
    .createTable('cashback_payouts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('period_id', 'bigint', (c) => c.notNull().references('cashback_periods.id'))
    .addColumn('player_id', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net_loss_minor', 'bigint', (c) => c.notNull())
    .addColumn('percentage', 'numeric(5, 2)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('max_minor', 'bigint')
    .addColumn('settings_version', 'integer', (c) => c.notNull().references('cashback_settings.version'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // set once the credit is in the ledger and the player told (the guarded update that notifies)
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('cashback_payouts_once', ['period_id', 'player_id'])
    .execute();
  await db.schema
    .createIndex('cashback_payouts_player')
    .on('cashback_payouts')
    .columns(['player_id', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashback_payouts').execute();
  await db.schema.dropTable('cashback_totals').execute();
  await db.schema.dropTable('cashback_periods').execute();
  await db.schema.dropTable('cashback_settings').execute();
}
