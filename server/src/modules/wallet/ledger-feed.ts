import type { Job } from '../../jobs';
import type { LedgerKind } from './ledger-kinds';
import type { FeedEntry, FeedHandler, FeedStart, LedgerFeedRepository, PumpSpec } from './ledger-feed.repository';

export type { FeedEntry, FeedHandler, FeedStart } from './ledger-feed.repository';

/** A reaction to money that moved (bonus wagering, tournament points, level progress, cashback, notifications). */
export interface FeedConsumer {
  /** Unique and stable: the cursor is kept under this name. */
  name: string;
  handle: FeedHandler;
  /**
   * The entry kinds it reacts to (the wallet's closed list, `LedgerKind`); the others are never read (the bonus engine
   * skips the wins, half of the bet path's entries). Default: every kind.
   */
  kinds?: readonly LedgerKind[];
  /**
   * Where a consumer that has no cursor yet starts: 'now' (default: a consumer added to a live database is never
   * handed the history) or 'beginning' (only when asked: it is then handed every entry ever written).
   */
  start?: FeedStart;
  /** Entries per transaction (default 500). */
  batchSize?: number;
  /** How often the consumer looks for new entries (default 250 ms). */
  everyMs?: number;
}

export interface LedgerFeedOptions {
  /**
   * The longest a transaction that writes ledger entries may run (the window-closing rule's grace, default 30 s): an
   * entry's ledger time is its transaction's start, so an entry can commit up to this long after its time.
   */
  graceMs?: number;
  /** Failures of one entry, alone, before it is set aside (quarantined) so the consumer moves on (default 3). */
  maxAttempts?: number;
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** The clock of a group's "drained lately" check (ms; default Date.now): tests move it. */
  now?: () => number;
}

// The ledger feed: consumers read committed ledger entries in batches from their own cursor, off the bet's hot path
// (decision 013). Each consumer runs as a job of the jobs runner: one instance at a time, and the cursor row's lock
// keeps two batches of one consumer from ever overlapping.
//
// THE WINDOW-CLOSING RULE (a cashback period, a tournament, a bonus's wagering window). An entry belongs to a window
// by its ledger time (`created_at`, its transaction's start on the database clock). A window ending at E may be closed
// only once `coveredUntil(consumer) >= E`: the consumer has committed a batch that handed every entry below its horizon,
// and that horizon was read at least 2 × grace after E. Why 2 × grace: with no money transaction running longer than
// the grace G, a transaction that started before T − 2G ended before T − G; the oldest transaction still running at T
// (whose xid is the horizon) started after T − G and took its xid later; xids are handed out in time order, so the
// earlier one's xid is below the horizon and its entries were handed. An entry that still arrives for a closed window
// (a transaction that ran longer than the grace) is counted in the next window by the consumer, and logged.
export function createLedgerFeed(repo: LedgerFeedRepository, options: LedgerFeedOptions = {}) {
  const graceMs = options.graceMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const consumers = new Map<string, FeedConsumer>();
  /** Shared groups (`share`), by name, and the group of each member, by the member's name. */
  const groups = new Map<string, PumpSpec & { batchSize: number }>();
  const groupOf = new Map<string, PumpSpec & { batchSize: number }>();
  /** When a member's job last drained each group in this process (ADR 031). */
  const drainedAt = new Map<string, number>();
  const now = options.now ?? Date.now;
  /** Consumers with failures counted in this process: a good batch clears them. */
  const failing = new Set<string>();
  /** The drain running in this process for each consumer or group, and the one queued behind it (single flight). */
  const running = new Map<string, Promise<number>>();
  const queued = new Map<string, Promise<number>>();

  /**
   * Handles every committed entry waiting for the consumer, batch by batch; returns how many. One drain at a time per
   * consumer or group in this process: a call made while one runs shares a single drain queued behind it, which starts
   * after the call (so it hands whatever the caller committed before calling). Without this, every member's job and the
   * window-closing checks (the bonus expiry's, the cashback payout's) each started a drain of the group, and all but one
   * waited on the cursor row's lock, each holding a pooled connection the bets lacked (session 23: up to six at once).
   */
  function drain(asked: FeedConsumer): Promise<number> {
    // a member of a shared group is drained with its group (one read and one transaction a batch for all of them)
    const consumer: PumpSpec & { batchSize?: number } = groupOf.get(asked.name) ?? asked;
    const key = consumer.name;
    const start = (): Promise<number> => {
      const run = drainNow(consumer).finally(() => {
        if (running.get(key) === run) running.delete(key);
      });
      running.set(key, run);
      return run;
    };
    const current = running.get(key);
    if (!current) return start();
    let next = queued.get(key);
    if (!next) {
      next = current
        .catch(() => undefined)
        .then(() => {
          queued.delete(key);
          return start();
        });
      queued.set(key, next);
    }
    return next;
  }

  async function drainNow(consumer: PumpSpec & { batchSize?: number }): Promise<number> {
    const size = consumer.batchSize ?? 500;
    let total = 0;
    for (;;) {
      let handled: number;
      try {
        handled = await repo.pump(consumer, size);
      } catch (batchError) {
        // find the entry that fails: one at a time; a good single batch goes on, a bad one is counted against its
        // entry, which is set aside after maxAttempts failures (the consumer then moves on without it)
        try {
          handled = await repo.pump(consumer, 1);
          total += handled;
          if (handled > 0) continue; // that one went through alone: the batches go on behind it
          return total;
        } catch (err) {
          const note = await repo.noteFailure(consumer, String((err as Error)?.stack ?? err), maxAttempts);
          failing.add(consumer.name);
          if (note?.quarantined) {
            options.log?.error(
              { err, consumer: consumer.name, entryId: note.entryId, attempts: note.attempts },
              'ledger feed: entry quarantined, the consumer moves on without it',
            );
            continue;
          }
          options.log?.warn(
            { err, consumer: consumer.name, entryId: note?.entryId, attempts: note?.attempts },
            'ledger feed: entry failed',
          );
          throw batchError;
        }
      }
      total += handled;
      if (handled > 0 && failing.delete(consumer.name)) await repo.clearFailures(consumer.name);
      if (handled < size) return total;
    }
  }
  return {
    drain,
    /**
     * Shares one read and one transaction a batch among consumers (ADR 031): from now on, draining any of them
     * drains them all together. Each keeps its own cursor, kinds and start: it is handed only entries of its kinds
     * after its own cursor, in the group's transaction, in the order given here (a failure of one rolls back the batch
     * for all of them, whose entries then come again one at a time, as for one consumer). The group reads the union of
     * their kinds in the smallest of their batch sizes; its failures and quarantine are kept under `name`. Call before
     * `register` and before any batch; the members' jobs (or one `job` of any member) then drain the group.
     */
    share(name: string, members: readonly FeedConsumer[]): void {
      if (members.length < 2) throw new Error(`ledger feed: group ${name} needs two consumers or more`);
      if (consumers.has(name) || groups.has(name)) throw new Error(`ledger feed: ${name} is taken`);
      const kinds = members.every((m) => m.kinds) ? [...new Set(members.flatMap((m) => m.kinds ?? []))] : undefined;
      const group = {
        name,
        members,
        kinds,
        batchSize: Math.min(...members.map((m) => m.batchSize ?? 500)),
        // an operator's retry of a quarantined entry: handed to each member of its kind
        handle: async (entries: FeedEntry[], trx: Parameters<FeedHandler>[1]) => {
          for (const m of members) {
            const mine = entries.filter((e) => !m.kinds || m.kinds.includes(e.kind));
            if (mine.length) await m.handle(mine, trx);
          }
        },
      };
      for (const m of members) {
        if (groupOf.has(m.name)) throw new Error(`ledger feed: ${m.name} is in group ${groupOf.get(m.name)!.name}`);
        groupOf.set(m.name, group);
      }
      groups.set(name, group);
    },
    /**
     * Makes the consumer's cursor at its start position (`start`, default now) if it has none yet, and remembers it
     * (its lag is reported, its quarantined entries can be retried). Call at start-up, before its first batch.
     */
    async register(consumer: FeedConsumer) {
      consumers.set(consumer.name, consumer);
      await repo.register(consumer.name, consumer.start ?? 'now');
    },
    /**
     * The consumer as a job for the jobs runner (`jobs.add(feed.job(consumer))`). In a group, a member's job drains the
     * group unless another member's job drained it less than half a period ago in this process: with every member's
     * job in one process the group is read about once per period, not once per member, and any one member's job is
     * enough to drain it, whichever jobs' leases this instance holds (never a member waiting on another's job).
     */
    job: (consumer: FeedConsumer): Job => ({
      name: `feed.${consumer.name}`,
      everyMs: consumer.everyMs ?? 250,
      run: async () => {
        const group = groupOf.get(consumer.name);
        if (group) {
          const at = now();
          const last = drainedAt.get(group.name);
          if (last !== undefined && at - last < (consumer.everyMs ?? 250) / 2) return 0;
          drainedAt.set(group.name, at);
        }
        return drain(consumer);
      },
    }),
    /**
     * The window-closing rule (above): every entry with a ledger time before the answer has been handled by the
     * consumer (null: no drained batch yet). Close a window only when its end is at or before this.
     */
    async coveredUntil(consumer: string): Promise<Date | null> {
      const { horizonAt } = await repo.position(consumer, []);
      return horizonAt ? new Date(horizonAt.getTime() - 2 * graceMs) : null;
    },
    graceMs,
    /** Each registered consumer's lag (age of the oldest entry of its kinds it has not handled), backlog, quarantine. */
    async status() {
      const out = [];
      // a member of a group shows the group's quarantine (kept under the group's name)
      for (const c of consumers.values())
        out.push({ consumer: c.name, ...(await repo.position(c.name, c.kinds, groupOf.get(c.name)?.name)) });
      return out;
    },
    position: (consumer: string, kinds?: readonly LedgerKind[]) => repo.position(consumer, kinds),
    /** A consumer's quarantined entries (a member of a group: the group's). */
    quarantined: (consumer: string) => repo.quarantined(groupOf.get(consumer)?.name ?? consumer),
    /** An operator's retry of a quarantined entry (a member of a group: the group's); false when it is not quarantined. */
    async retry(consumerName: string, entryId: string) {
      const consumer = groupOf.get(consumerName) ?? groups.get(consumerName) ?? consumers.get(consumerName);
      if (!consumer) return false;
      return repo.retry(consumer, entryId);
    },
  };
}
export type LedgerFeed = ReturnType<typeof createLedgerFeed>;
