import { transact } from '../../lib/after-commit';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { LedgerKind } from './ledger-kinds';

/** One ledger entry as a feed consumer sees it (int8 as text, as pg returns it). */
export interface FeedEntry {
  id: string;
  /** The writing transaction's id (xid8 as text): the feed's order is (tx_id, id). */
  tx_id: string;
  player_id: string;
  kind: LedgerKind;
  real_delta_minor: string;
  bonus_delta_minor: string;
  reference_type: string | null;
  reference_id: string | null;
  /** The ledger time: the writing transaction's start (the database clock). */
  created_at: Date;
}

/**
 * A consumer's handler: runs inside the transaction that also moves the consumer's cursor, and holds that cursor's row
 * lock (so two calls of one consumer's handler never overlap, on any instance), so what it writes through
 * `trx` and the cursor commit together (each entry is handled exactly once per consumer). It must use `trx` for every
 * write (on the embedded database a second connection would wait for this one forever). What it has to tell someone it
 * queues with `afterCommit(trx, …)` (lib/after-commit): sent once the batch committed, never for a batch that rolled
 * back (whose entries come again).
 */
export type FeedHandler = (entries: FeedEntry[], trx: Transaction<DB>) => Promise<void>;

/** Where a new consumer's cursor starts: after every entry committed now (default), or before the first one. */
export type FeedStart = 'now' | 'beginning';

/** What pump needs of a consumer. */
export interface PumpSpec {
  name: string;
  handle: FeedHandler;
  kinds?: readonly LedgerKind[];
  start?: FeedStart;
  /**
   * A group (ADR 031): consumers handled in one transaction per batch, over one read of the union of their kinds.
   * Each member keeps its own cursor (locked and moved together) and is handed only entries of its kinds after its
   * own cursor; `name` then keys only the group's failures and quarantine.
   */
  members?: readonly PumpSpec[];
}

/** The cursors a consumer moves: its own, or each member's of a group. */
const cursorsOf = (c: PumpSpec): readonly PumpSpec[] => c.members ?? [c];
/** (tx_id, id) of a cursor or entry, compared as numbers (xid8 and int8 as text). */
const before = (a: { tx_id: string; id: string }, b: { tx_id: string; id: string }) => {
  const [at, bt] = [BigInt(a.tx_id), BigInt(b.tx_id)];
  return at < bt || (at === bt && BigInt(a.id) < BigInt(b.id));
};

// Only what a consumer reads: the row's parsing is most of a batch read's CPU (session 29: the idempotency key and the
// pending delta dropped, and the ledger time as whole epoch milliseconds, which a Date takes as it is, where pg parses a
// timestamptz's text with a regular expression; floored, as pg's parse truncates the microseconds).
const entryColumns = sql`id::text, tx_id::text, player_id::text, kind, real_delta_minor::text, bonus_delta_minor::text,
  reference_type, reference_id, floor(extract(epoch from created_at) * 1000)::float8 as created_at`;
/** A row of a read of `entryColumns`: the ledger time in epoch milliseconds, until `asEntries` makes it a Date. */
type EntryRow = Omit<FeedEntry, 'created_at'> & { created_at: number | Date };
/** The rows of a read of `entryColumns` as entries: the ledger time's milliseconds made a Date, in place. */
function asEntries(rows: EntryRow[]): FeedEntry[] {
  for (const r of rows) r.created_at = new Date(r.created_at);
  return rows as FeedEntry[];
}

// The ledger feed's SQL (decision 013). A bigserial id is not commit order: an entry with a smaller id can commit after
// one with a larger id. So a batch reads only entries written by transactions older than the oldest one still running
// (`pg_snapshot_xmin(pg_current_snapshot())`): every such transaction has ended, so no entry can appear later behind
// the cursor. Entries are read in (tx_id, id) order after the consumer's cursor, which the same transaction moves.
export function createLedgerFeedRepository(db: Database) {
  /** The cursor row, made on first use at the consumer's start position. */
  async function ensureCursor(trx: Transaction<DB>, consumer: string, start: FeedStart) {
    if (start === 'beginning') {
      await sql`insert into wallet_feed_cursors (consumer) values (${consumer}) on conflict (consumer) do nothing`.execute(
        trx,
      );
      return;
    }
    // from now: after the newest entry every committed transaction wrote (those still running come after it)
    await sql`insert into wallet_feed_cursors (consumer, last_tx_id, last_entry_id)
      select ${consumer}, coalesce(e.tx_id, '0'::xid8), coalesce(e.id, 0)
      from (select 1) one
      left join lateral (
        select tx_id, id from wallet_ledger_entries
        where tx_id < pg_snapshot_xmin(pg_current_snapshot())
        order by tx_id desc, id desc limit 1) e on true
      on conflict (consumer) do nothing`.execute(trx);
  }

  /** A consumer's kinds as the feed functions take them (null: every kind). */
  const kindsArray = (kinds?: readonly LedgerKind[]) => (kinds ? sql`${[...kinds]}::text[]` : sql`null::text[]`);

  return {
    /** Makes the consumer's cursor at its start position if it has none yet (at start-up, before any batch). */
    async register(consumer: string, start: FeedStart = 'now') {
      await transact(db, (trx) => ensureCursor(trx, consumer, start));
    },

    /**
     * Hands the next batch of committed entries after the consumer's cursor to its handler, and moves the cursor past
     * them, in one transaction. The cursor row is locked first, so two instances never handle one consumer's batch at
     * once. With `kinds`, only entries of those kinds are handed; when fewer than a batch of them wait, the cursor
     * moves past every committed entry, so the skipped ones are not read again. A batch that handed every committed
     * entry (fewer than `batchSize`) records when it read its horizon (`horizon_at`, the window-closing rule). Returns
     * how many entries were handled (0: none).
     */
    async pump(consumer: PumpSpec, batchSize: number): Promise<number> {
      const { kinds } = consumer;
      const cursors = cursorsOf(consumer);
      const names = cursors.map((c) => c.name);
      const handled = await transact(db, async (trx) => {
        // one horizon for the whole batch: each statement of a read-committed transaction takes a new snapshot, so
        // a horizon read twice could move between the read of the batch and the move of the cursor past skipped rows
        const lockCursors = () =>
          sql<{ consumer: string; tx_id: string; id: string; horizon: string; read_at: Date }>`
          select consumer, last_tx_id::text as tx_id, last_entry_id::text as id,
                 pg_snapshot_xmin(pg_current_snapshot())::text as horizon, clock_timestamp() as read_at
          from wallet_feed_cursors where consumer = any(${names}::text[]) order by consumer for update`.execute(trx);
        let locked = await lockCursors();
        if (locked.rows.length < cursors.length) {
          // not registered yet (a test, a new instance): made at its start position first
          for (const c of cursors) await ensureCursor(trx, c.name, c.start ?? 'now');
          locked = await lockCursors();
        }
        const at = new Map(locked.rows.map((r) => [r.consumer, r]));
        // a group reads from its furthest-behind member (members' cursors differ only until their first shared batch)
        const from = locked.rows.reduce((a, b) => (before(b, a) ? b : a));
        const { horizon, read_at } = from;
        const batch = await sql<EntryRow>`
          select ${entryColumns}
          from wallet_feed_batch(${from.tx_id}::xid8, ${from.id}::bigint, ${horizon}::xid8, ${kindsArray(kinds)},
                                 ${batchSize}::integer)`.execute(trx);
        const entries = asEntries(batch.rows);
        let last: { tx_id: string; id: string } | undefined = entries[entries.length - 1];
        const drained = entries.length < batchSize;
        if (kinds && drained) {
          // every entry of the kinds below the horizon was handed: the cursor may pass the others up to it
          const end = await sql<{ tx_id: string; id: string }>`
            select tx_id::text, id::text
            from wallet_feed_end(${from.tx_id}::xid8, ${from.id}::bigint, ${horizon}::xid8)`.execute(trx);
          last = end.rows[0] ?? last;
        }
        if (entries.length > 0) {
          if (!consumer.members) await consumer.handle(entries, trx);
          else
            for (const m of consumer.members) {
              // a member's own kinds, after its own cursor (never an entry it handled before)
              const own = at.get(m.name)!;
              const mine = entries.filter((e) => (!m.kinds || m.kinds.includes(e.kind)) && before(own, e));
              if (mine.length) await m.handle(mine, trx);
            }
        }
        // each cursor moves to the batch's end, never back (a member ahead of the group's read stays where it is)
        await sql`update wallet_feed_cursors set
              last_tx_id = case when (last_tx_id, last_entry_id) < (${last?.tx_id ?? null}::xid8, ${last?.id ?? null}::bigint)
                           then ${last?.tx_id ?? null}::xid8 else last_tx_id end,
              last_entry_id = case when (last_tx_id, last_entry_id) < (${last?.tx_id ?? null}::xid8, ${last?.id ?? null}::bigint)
                              then ${last?.id ?? null}::bigint else last_entry_id end,
              horizon_at = case when ${drained} then ${read_at}::timestamptz else horizon_at end,
              updated_at = now()
            where consumer = any(${names}::text[])`.execute(trx);
        return entries.length;
      });
      return handled;
    },

    /**
     * The consumer's next entry failed alone: counts the failure; at `maxAttempts` the entry is set aside (quarantined)
     * and the cursor moved past it, in one transaction, so the consumer goes on with the entries behind it. Answers the
     * entry and whether it was quarantined (undefined: nothing waits, the failure was not the entry's).
     */
    async noteFailure(consumer: PumpSpec, error: string, maxAttempts: number) {
      const names = cursorsOf(consumer).map((c) => c.name);
      return transact(db, async (trx) => {
        for (const c of cursorsOf(consumer)) await ensureCursor(trx, c.name, c.start ?? 'now');
        await sql`select 1 from wallet_feed_cursors where consumer = any(${names}::text[]) order by consumer
            for update`.execute(trx);
        // the next entry after the furthest-behind cursor (where a group's batches read from)
        const next = await sql<{ tx_id: string; id: string }>`
          select e.tx_id::text, e.id::text
          from (select last_tx_id, last_entry_id from wallet_feed_cursors where consumer = any(${names}::text[])
                order by last_tx_id, last_entry_id limit 1) c,
               wallet_feed_batch(c.last_tx_id, c.last_entry_id, pg_snapshot_xmin(pg_current_snapshot()),
                                 ${kindsArray(consumer.kinds)}, 1) e`.execute(trx);
        const entry = next.rows[0];
        if (!entry) return undefined;
        const row = await sql<{ attempts: number }>`
          insert into wallet_feed_failures (consumer, entry_id, error) values (${consumer.name}, ${entry.id}, ${error})
          on conflict (consumer, entry_id) do update set attempts = wallet_feed_failures.attempts + 1,
            error = excluded.error, updated_at = now()
          returning attempts`.execute(trx);
        const quarantined = row.rows[0]!.attempts >= maxAttempts;
        if (quarantined) {
          await sql`update wallet_feed_failures set quarantined_at = now()
            where consumer = ${consumer.name} and entry_id = ${entry.id}`.execute(trx);
          await sql`update wallet_feed_cursors set last_tx_id = ${entry.tx_id}::xid8, last_entry_id = ${entry.id}::bigint,
              updated_at = now()
            where consumer = any(${names}::text[])
              and (last_tx_id, last_entry_id) < (${entry.tx_id}::xid8, ${entry.id}::bigint)`.execute(trx);
        }
        return { entryId: entry.id, attempts: row.rows[0]!.attempts, quarantined };
      });
    },

    /**
     * A quarantined entry handled again (an operator's retry): on success it leaves the quarantine. Under the
     * consumer's cursor lock, as every batch: a handler never runs beside another of the same consumer (a consumer
     * may rely on it, as levels does for its progress rows).
     */
    async retry(consumer: PumpSpec, entryId: string): Promise<boolean> {
      const names = cursorsOf(consumer).map((c) => c.name);
      return transact(db, async (trx) => {
        for (const c of cursorsOf(consumer)) await ensureCursor(trx, c.name, c.start ?? 'now');
        await sql`select 1 from wallet_feed_cursors where consumer = any(${names}::text[]) order by consumer
            for update`.execute(trx);
        const failure = await sql`select 1 from wallet_feed_failures where consumer = ${consumer.name}
            and entry_id = ${entryId} and quarantined_at is not null for update`.execute(trx);
        if (!failure.rows.length) return false;
        const entries =
          await sql<EntryRow>`select ${entryColumns} from wallet_ledger_entries where id = ${entryId}`.execute(trx);
        await consumer.handle(asEntries(entries.rows), trx);
        await sql`delete from wallet_feed_failures where consumer = ${consumer.name} and entry_id = ${entryId}`.execute(
          trx,
        );
        return true;
      });
    },

    /** A handled batch clears the failures counted on its entries (a transient failure is forgotten). */
    async clearFailures(consumer: string) {
      await sql`delete from wallet_feed_failures where consumer = ${consumer} and quarantined_at is null`.execute(db);
    },

    /**
     * Where a consumer stands: its cursor, how many committed entries of its kinds wait behind it (counted up to
     * 10,000), the age of the oldest (its lag), when its last drained batch read its horizon, its quarantined entries.
     */
    async position(consumer: string, kinds?: readonly LedgerKind[], failuresOf: string = consumer) {
      const row = await sql<{
        last_entry_id: string | null;
        waiting: string;
        oldest: Date | null;
        horizon_at: Date | null;
        quarantined: string;
        now: Date;
      }>`
        with c as (select last_tx_id, last_entry_id, horizon_at from wallet_feed_cursors where consumer = ${consumer}),
        w as (select e.created_at from wallet_feed_batch(
                coalesce((select last_tx_id from c), '0'::xid8), coalesce((select last_entry_id from c), 0),
                pg_snapshot_xmax(pg_current_snapshot()), ${kindsArray(kinds)}, 10000) e)
        select (select last_entry_id::text from c) as last_entry_id,
               (select count(*) from w)::text as waiting,
               (select min(created_at) from w) as oldest,
               (select horizon_at from c) as horizon_at,
               (select count(*) from wallet_feed_failures f where f.consumer = ${failuresOf}
                  and f.quarantined_at is not null)::text as quarantined,
               clock_timestamp() as now`.execute(db);
      const r = row.rows[0]!;
      return {
        lastEntryId: r.last_entry_id,
        waiting: Number(r.waiting),
        lagMs: r.oldest ? Math.max(0, r.now.getTime() - r.oldest.getTime()) : 0,
        horizonAt: r.horizon_at,
        quarantined: Number(r.quarantined),
      };
    },

    quarantined: (consumer: string) =>
      db
        .selectFrom('wallet_feed_failures')
        .select(['entry_id', 'attempts', 'error', 'quarantined_at'])
        .where('consumer', '=', consumer)
        .where('quarantined_at', 'is not', null)
        .orderBy('entry_id')
        .execute(),
  };
}
export type LedgerFeedRepository = ReturnType<typeof createLedgerFeedRepository>;
