import { sql, type Kysely } from 'kysely';

// The ledger feed's batch read, in index order whatever the planner estimates (docs/benchmarks.md, "What each
// consumer costs"). A consumer reads the entries after its cursor `(tx_id, id) > (…)` below the horizon, of its kinds,
// LIMIT n. The planner cannot estimate a row comparison on xid8 (and a new table has no statistics), so it took the
// range for a few rows and chose a bitmap scan of EVERY entry after the cursor plus a sort: a consumer 10,000 entries
// behind read all 10,000 for each batch of 500 (20 ms a batch, quadratic in its backlog). In a function with its own
// settings the read is always the ordered walk of the (tx_id, id) index that stops after n entries: the cost of a
// batch is the batch, however far behind the consumer is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function wallet_feed_batch(after_tx xid8, after_id bigint, below xid8, kinds text[], n integer)
    returns setof wallet_ledger_entries
    language sql stable
    set enable_bitmapscan = off
    set enable_sort = off
    set enable_seqscan = off
    as $$
      select * from wallet_ledger_entries e
      where e.tx_id < below and (e.tx_id, e.id) > (after_tx, after_id)
        and (kinds is null or e.kind = any(kinds))
      order by e.tx_id, e.id
      limit n
    $$`.execute(db);
  // the newest committed entry after the cursor (the cursor's end when a batch of some kinds drained them all)
  await sql`
    create function wallet_feed_end(after_tx xid8, after_id bigint, below xid8)
    returns table (tx_id xid8, id bigint)
    language sql stable
    set enable_bitmapscan = off
    set enable_sort = off
    set enable_seqscan = off
    as $$
      select e.tx_id, e.id from wallet_ledger_entries e
      where e.tx_id < below and (e.tx_id, e.id) > (after_tx, after_id)
      order by e.tx_id desc, e.id desc
      limit 1
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function wallet_feed_end(xid8, bigint, xid8)`.execute(db);
  await sql`drop function wallet_feed_batch(xid8, bigint, xid8, text[], integer)`.execute(db);
}
