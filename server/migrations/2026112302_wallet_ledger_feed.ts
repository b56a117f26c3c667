import { sql, type Kysely } from 'kysely';

// The ledger feed (docs/decisions/013-ledger-feed.md): each entry records the id of the transaction that wrote it
// (xid8, PostgreSQL 13+), so a consumer can read only what every earlier transaction has committed; each consumer
// keeps its cursor (the last transaction id and entry id it handled) in wallet_feed_cursors.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_ledger_entries add column tx_id xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index wallet_ledger_entries_feed on wallet_ledger_entries (tx_id, id)`.execute(db);
  await db.schema
    .createTable('wallet_feed_cursors')
    .addColumn('consumer', 'text', (c) => c.primaryKey())
    .addColumn('last_tx_id', sql`xid8`, (c) => c.notNull().defaultTo(sql`'0'::xid8`))
    .addColumn('last_entry_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_feed_cursors').execute();
  await sql`drop index wallet_ledger_entries_feed`.execute(db);
  await sql`alter table wallet_ledger_entries drop column tx_id`.execute(db);
}
