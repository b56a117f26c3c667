import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';

/** One ledger entry as a feed consumer sees it (int8 as text, as pg returns it). */
export interface FeedEntry {
  id: string;
  /** The writing transaction's id (xid8 as text): the feed's order is (tx_id, id). */
  tx_id: string;
  player_id: string;
  kind: string;
  real_delta_minor: string;
  bonus_delta_minor: string;
  pending_delta_minor: string;
  idempotency_key: string;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Date;
}

/**
 * A consumer's handler: runs inside the transaction that also moves the consumer's cursor, so what it writes through
 * `trx` and the cursor commit together (each entry is handled exactly once per consumer). It must use `trx` for every
 * write (on the embedded database a second connection would wait for this one forever).
 */
export type FeedHandler = (entries: FeedEntry[], trx: Transaction<DB>) => Promise<void | FeedAfterCommit>;
/**
 * What a handler may hand back: run once its batch committed (live messages, notifications: never for a batch that
 * rolled back, whose entries come again). Its failure does not undo the batch.
 */
export type FeedAfterCommit = () => Promise<void>;

// The ledger feed's SQL (decision 013). A bigserial id is not commit order: an entry with a smaller id can commit after
// one with a larger id. So a batch reads only entries written by transactions older than the oldest one still running
// (`pg_snapshot_xmin(pg_current_snapshot())`): every such transaction has ended, so no entry can appear later behind
// the cursor. Entries are read in (tx_id, id) order after the consumer's cursor, which the same transaction moves.
export function createLedgerFeedRepository(db: Database) {
  return {
    /**
     * Hands the next batch of committed entries after `consumer`'s cursor to `handle`, and moves the cursor past them,
     * in one transaction. The cursor row is locked first, so two instances never handle one consumer's batch at once.
     * With `kinds`, only entries of those kinds are handed; when fewer than a batch of them wait, the cursor moves past
     * every committed entry, so the skipped ones are not read again. Returns how many entries were handled (0: none).
     */
    async pump(consumer: string, handle: FeedHandler, batchSize: number, kinds?: readonly string[]): Promise<number> {
      let after = undefined as void | FeedAfterCommit;
      const handled = await db.transaction().execute(async (trx) => {
        await sql`insert into wallet_feed_cursors (consumer) values (${consumer}) on conflict (consumer) do nothing`.execute(
          trx,
        );
        // one horizon for the whole batch: each statement of a read-committed transaction takes a new snapshot, so
        // a horizon read twice could move between the read of the batch and the move of the cursor past skipped rows
        const cursor = await sql<{ last_tx_id: string; last_entry_id: string; horizon: string }>`
          select last_tx_id::text, last_entry_id::text, pg_snapshot_xmin(pg_current_snapshot())::text as horizon
          from wallet_feed_cursors where consumer = ${consumer} for update`.execute(trx);
        const { last_tx_id, last_entry_id, horizon } = cursor.rows[0]!;
        const batch = await sql<FeedEntry>`
          select id::text, tx_id::text, player_id::text, kind, real_delta_minor::text, bonus_delta_minor::text,
                 pending_delta_minor::text, idempotency_key, reference_type, reference_id, created_at
          from wallet_ledger_entries
          where tx_id < ${horizon}::xid8
            and (tx_id, id) > (${last_tx_id}::xid8, ${last_entry_id}::bigint)
            ${kinds ? sql`and kind = any(${[...kinds]}::text[])` : sql``}
          order by tx_id, id
          limit ${batchSize}`.execute(trx);
        const entries = batch.rows;
        let last: { tx_id: string; id: string } | undefined = entries[entries.length - 1];
        if (kinds && entries.length < batchSize) {
          // every entry of the kinds below the horizon was handed: the cursor may pass the others up to it
          const end = await sql<{ tx_id: string; id: string }>`
            select tx_id::text, id::text from wallet_ledger_entries
            where tx_id < ${horizon}::xid8 and (tx_id, id) > (${last_tx_id}::xid8, ${last_entry_id}::bigint)
            order by tx_id desc, id desc limit 1`.execute(trx);
          last = end.rows[0] ?? last;
        }
        if (entries.length > 0) after = await handle(entries, trx);
        if (last)
          await sql`update wallet_feed_cursors set last_tx_id = ${last.tx_id}::xid8, last_entry_id = ${last.id}::bigint,
              updated_at = now() where consumer = ${consumer}`.execute(trx);
        return entries.length;
      });
      if (after) await after();
      return handled;
    },

    /** Where a consumer stands: its cursor and how many committed entries wait behind it (monitoring, tests). */
    async position(consumer: string) {
      const row = await sql<{ last_entry_id: string | null; waiting: string }>`
        select (select last_entry_id::text from wallet_feed_cursors where consumer = ${consumer}) as last_entry_id,
               (select count(*) from wallet_ledger_entries e
                where (e.tx_id, e.id) > coalesce((select (last_tx_id, last_entry_id) from wallet_feed_cursors where consumer = ${consumer}),
                                                 ('0'::xid8, 0::bigint)))::text as waiting`.execute(db);
      return { lastEntryId: row.rows[0]?.last_entry_id ?? null, waiting: Number(row.rows[0]?.waiting ?? 0) };
    },
  };
}
export type LedgerFeedRepository = ReturnType<typeof createLedgerFeedRepository>;
