import { sql, type Kysely, type Transaction } from 'kysely';

// The after-commit outbox (docs/decisions/022-after-commit-outbox-and-module-kinds.md): what a transaction wants to tell someone (a
// live message, a balance update, a bot or email notification's first delivery attempt) is queued on the transaction
// with `afterCommit(trx, send)` and sent by `transact` once that transaction has committed. A transaction that rolls
// back tells no one anything (its queue is dropped with it); one that commits always sends its queue, in order, each
// send's failure logged and never undoing the commit. A savepoint rolled back to drops what was queued inside it.
//
// A queue belongs to the transaction object `transact` opened: queueing on a transaction opened any other way throws
// (such a queue would never be flushed), so a forgotten flush cannot pass silently. What must survive a crash between
// the commit and the send is written as a row in the same transaction by its owner (notifications) and sent by a job;
// this outbox is the fast path that tells the player at once.

export type AfterCommitSend = () => Promise<void> | void;

interface Queued {
  send: AfterCommitSend;
  key?: string;
}

const queues = new WeakMap<object, Queued[]>();
let report: (err: unknown) => void = (err) => console.error('after-commit send failed', err);

/** Where a failed send is reported (the server's logger, set once at start-up). */
export function reportAfterCommitFailuresTo(fn: (err: unknown) => void): void {
  report = fn;
}

/**
 * Queues `send` to run once `trx` has committed (never if it rolls back). `key`: a later send with the same key
 * replaces an earlier one still queued (a player's balance: only the newest is worth sending).
 */
export function afterCommit(trx: Transaction<never> | object, send: AfterCommitSend, key?: string): void {
  const queue = queues.get(trx);
  if (!queue) throw new Error('afterCommit: this transaction was not opened by transact(), so nothing would send it');
  queue.push({ send, key });
}

/**
 * Sends a committed transaction's queue, in order (a keyed send at the place of its newest); a failure is reported
 * and does not stop the rest.
 */
async function flush(queue: Queued[]): Promise<void> {
  const newest = new Map<string, Queued>();
  for (const q of queue) if (q.key !== undefined) newest.set(q.key, q);
  for (const q of queue.splice(0)) {
    if (q.key !== undefined && newest.get(q.key) !== q) continue;
    const { send } = q;
    try {
      await send();
    } catch (err) {
      report(err);
    }
  }
}

/**
 * Runs `fn` in a new transaction of `db` and, once it has committed, sends what was queued on it. The only way this
 * code base opens a transaction (the lint refuses `db.transaction()` elsewhere).
 */
export async function transact<D, T>(db: Kysely<D>, fn: (trx: Transaction<D>) => Promise<T>): Promise<T> {
  const queue: Queued[] = [];
  const result = await db.transaction().execute((trx) => {
    queues.set(trx, queue);
    return fn(trx);
  });
  await flush(queue);
  return result;
}

let savepoints = 0;

/**
 * Runs `fn` inside a savepoint of `trx`. If `fn` throws, the transaction rolls back to the savepoint (undoing only
 * what `fn` wrote, the transaction stays usable), what `fn` queued is dropped, and the error is rethrown.
 */
export async function inSavepoint<D, T>(trx: Transaction<D>, fn: () => Promise<T>): Promise<T> {
  const queue = queues.get(trx);
  const mark = queue?.length ?? 0;
  const name = sql.id(`sp_${++savepoints}`);
  await sql`savepoint ${name}`.execute(trx);
  try {
    const result = await fn();
    await sql`release savepoint ${name}`.execute(trx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(trx);
    queue?.splice(mark);
    throw err;
  }
}
