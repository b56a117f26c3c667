import { sql, type Kysely } from 'kysely';

// Promotion money exact under timing (issue 22): ledger kinds are a closed list; a feed consumer keeps when its last
// batch read its horizon (the window-closing rule, docs/decisions/018-promotion-money.md) and sets aside an entry its
// handler keeps failing on (quarantine); a bonus grant records the ledger entry its money starts after and whether it
// has been counted against its template's budget.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_ledger_entries add constraint wallet_ledger_entries_kind check (kind in (
      'deposit', 'bet', 'win', 'refund', 'withdrawal_reserve', 'withdrawal_release', 'withdrawal_settle', 'adjustment',
      'wheel_prize', 'bonus_grant', 'bonus_conversion', 'bonus_forfeit'))`.execute(db);
  await sql`alter table wallet_feed_cursors add column horizon_at timestamptz`.execute(db);
  await db.schema
    .createTable('wallet_feed_failures')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('quarantined_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_feed_failures_pk', ['consumer', 'entry_id'])
    .execute();
  await db.schema
    .alterTable('bonus_grants')
    .addColumn('start_entry_id', 'bigint')
    .addColumn('budget_counted', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create index bonus_grants_expiring on bonus_grants (expires_at)
      where status in ('created', 'active', 'wagering')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bonus_grants_expiring`.execute(db);
  await db.schema.alterTable('bonus_grants').dropColumn('start_entry_id').dropColumn('budget_counted').execute();
  await db.schema.dropTable('wallet_feed_failures').execute();
  await sql`alter table wallet_feed_cursors drop column horizon_at`.execute(db);
  await sql`alter table wallet_ledger_entries drop constraint wallet_ledger_entries_kind`.execute(db);
}
