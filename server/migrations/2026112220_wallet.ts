import { sql, type Kysely } from 'kysely';

// The wallet: one account per player with three balances in integer minor units (real, bonus, reserved for
// withdrawal), and an append-only ledger whose deltas always sum to the balances.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_accounts')
    .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('acc_players.id'))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().references('info_currencies.code'))
    .addColumn('real_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`real_minor >= 0`),
    )
    .addColumn('bonus_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bonus_minor >= 0`),
    )
    .addColumn('pending_withdrawal_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pending_withdrawal_minor >= 0`),
    )
    .addColumn('deposited_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('wallet_ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'bigint', (c) => c.notNull().references('wallet_accounts.player_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('real_delta_minor', 'bigint', (c) => c.notNull())
    .addColumn('bonus_delta_minor', 'bigint', (c) => c.notNull())
    .addColumn('pending_delta_minor', 'bigint', (c) => c.notNull())
    .addColumn('real_after_minor', 'bigint', (c) => c.notNull())
    .addColumn('bonus_after_minor', 'bigint', (c) => c.notNull())
    .addColumn('pending_after_minor', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('reference_type', 'text')
    .addColumn('reference_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('wallet_ledger_entries_player')
    .on('wallet_ledger_entries')
    .columns(['player_id', 'id'])
    .execute();
  // append-only: corrections are new entries, never edits
  await sql`create function wallet_ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception 'wallet_ledger_entries is append-only'; end $$`.execute(db);
  await sql`create trigger wallet_ledger_no_update before update or delete on wallet_ledger_entries
    for each row execute function wallet_ledger_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_ledger_entries').ifExists().execute();
  await sql`drop function if exists wallet_ledger_append_only()`.execute(db);
  await db.schema.dropTable('wallet_accounts').ifExists().execute();
}
