import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { afterCommit } from '../../lib/after-commit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, usingPostgres } from '../../../test/test-database';
import { createLedgerFeed, type FeedConsumer, type FeedEntry, type LedgerFeed, type LedgerKind } from './index';
import { createLedgerFeedRepository } from './ledger-feed.repository';

let t: TestApp;
let feed: LedgerFeed;
beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ poolSize: 60 }) });
  feed = createLedgerFeed(createLedgerFeedRepository(t.db));
  await sql`create table test_feed_seen (consumer text, entry_id bigint, primary key (consumer, entry_id))`.execute(
    t.db,
  );
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function player() {
  const row = await t.db
    .insertInto('acc_players')
    .values({ currency: 'USD' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A consumer that records each entry it handles, in its own transaction; a repeat violates the primary key. */
const recorder = (name: string, onBatch?: (entries: FeedEntry[]) => void) => ({
  name,
  start: 'beginning' as const,
  batchSize: 7,
  handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
    for (const e of entries) await sql`insert into test_feed_seen values (${name}, ${e.id})`.execute(trx);
    onBatch?.(entries);
  },
});
const seen = async (name: string) =>
  (
    await sql<{
      entry_id: string;
    }>`select entry_id::text from test_feed_seen where consumer = ${name} order by test_feed_seen.entry_id`.execute(
      t.db,
    )
  ).rows.map((r) => r.entry_id);

describe('ledger feed', () => {
  it('hands every committed entry to a consumer once, in batches, and nothing after it is drained', async () => {
    const p = await player();
    for (let i = 1; i <= 20; i++) {
      await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-a:${p}:${i}` }, BigInt(i * 100));
    }
    const consumer = recorder('a');
    const handled = await feed.drain(consumer);
    const ids = await t.db.selectFrom('wallet_ledger_entries').select('id').where('player_id', '=', p).execute();
    expect(handled).toBeGreaterThanOrEqual(20);
    expect(await seen('a')).toEqual(expect.arrayContaining(ids.map((r) => r.id)));
    expect(await feed.drain(consumer)).toBe(0);
    expect((await feed.position('a')).waiting).toBe(0);
  });

  it('entries of one transaction whose ids cross a power of ten are handed once each, in id order', async () => {
    // the batch is read as text (`id::text, tx_id::text`): an ORDER BY on those output names sorted "1000" before
    // "999", so a batch took the wrong entries and the cursor landed on a smaller id (repeats, and skipped entries)
    const p = await player();
    const last = (
      await sql<{ v: string }>`select last_value::text as v from wallet_ledger_entries_id_seq`.execute(t.db)
    ).rows[0]!.v;
    let power = 10n ** BigInt(last.length);
    if (power - 4n <= BigInt(last)) power *= 10n;
    await sql`select setval('wallet_ledger_entries_id_seq', ${(power - 4n).toString()}::bigint)`.execute(t.db);
    await t.services.wallet.transaction(async (w) => {
      for (let i = 1; i <= 8; i++)
        await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-pow:${p}:${i}` }, 100n);
    });
    const ids = Array.from({ length: 8 }, (_, i) => (power - 3n + BigInt(i)).toString());
    const order: string[] = [];
    const small = recorder('pow-a', (entries) =>
      order.push(...entries.map((e) => e.id).filter((id) => ids.includes(id))),
    );
    await feed.drain(small); // batches of 7: the transaction's 8 entries span two
    expect(order).toEqual(ids);
    const kinds = { ...recorder('pow-b'), kinds: ['deposit'] as const, batchSize: 500 };
    await feed.drain(kinds);
    await feed.drain(kinds);
    expect((await seen('pow-b')).filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('a batch that fails mid-way is undone and tried again one entry at a time, without loss or repeat', async () => {
    const p = await player();
    for (let i = 1; i <= 15; i++) {
      await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-b:${p}:${i}` }, 100n);
    }
    let batches = 0;
    const failing = {
      ...recorder('b'),
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        // writes half of the batch, then dies: the transaction (writes and cursor) is undone
        for (const e of entries.slice(0, 3)) await sql`insert into test_feed_seen values ('b', ${e.id})`.execute(trx);
        if (++batches === 2) throw new Error('killed mid-batch');
        for (const e of entries.slice(3)) await sql`insert into test_feed_seen values ('b', ${e.id})`.execute(trx);
      },
    };
    // the second batch fails: it is undone, and the drain goes on one entry at a time (which succeeds)
    const total = await feed.drain(failing);
    expect(batches).toBeGreaterThan(2);
    const all = await t.db.selectFrom('wallet_ledger_entries').select('id').orderBy('id').execute();
    expect(await seen('b')).toEqual(all.map((r) => r.id).sort((x, y) => Number(x) - Number(y)));
    expect(total).toBe(all.length);
  });

  it('what a handler queues after commit runs once its batch committed, and never for a batch that rolled back', async () => {
    const p = await player();
    for (let i = 1; i <= 3; i++)
      await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-d:${p}:${i}` }, 100n);
    const told: Array<{ entries: number; committed: number }> = [];
    const consumer = {
      name: 'd',
      start: 'beginning' as const,
      batchSize: 1000,
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        for (const e of entries) await sql`insert into test_feed_seen values ('d', ${e.id})`.execute(trx);
        afterCommit(trx, async () => {
          // runs after the commit: the batch's rows are there for anyone to read
          told.push({ entries: entries.length, committed: (await seen('d')).length });
        });
      },
    };
    const broken = {
      ...consumer,
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        await consumer.handle(entries, trx);
        await sql`select 1/0`.execute(trx); // the batch fails after its handler returned
      },
    };
    await expect(feed.drain(broken)).rejects.toThrow();
    expect(told).toEqual([]);
    const handled = await feed.drain(consumer);
    expect(told).toEqual([{ entries: handled, committed: handled }]);
  });

  it('a consumer of some kinds gets each of those once, and its cursor passes the others without reading them again', async () => {
    const p = await player();
    await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-k:${p}:0` }, 10_000n);
    for (let i = 1; i <= 8; i++) {
      await t.services.wallet.reserveWithdrawal({ playerId: p, currency: 'USD', key: `feed-k:${p}:r${i}` }, 10n);
      if (i % 3 === 0)
        await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-k:${p}:d${i}` }, 100n);
    }
    const batches: string[][] = [];
    const consumer = { ...recorder('k', (es) => batches.push(es.map((e) => e.kind))), kinds: ['deposit'] as const };
    await feed.drain(consumer);
    const deposits = await t.db
      .selectFrom('wallet_ledger_entries')
      .select('id')
      .where('kind', '=', 'deposit')
      .execute();
    expect(await seen('k')).toEqual(deposits.map((r) => r.id).sort((x, y) => Number(x) - Number(y)));
    expect(batches.flat().every((k) => k === 'deposit')).toBe(true);
    expect((await feed.position('k')).waiting).toBe(0); // the reserves are behind the cursor, not waiting

    // only other kinds arrive: nothing handed, and the cursor still moves past them
    await t.services.wallet.reserveWithdrawal({ playerId: p, currency: 'USD', key: `feed-k:${p}:r9` }, 10n);
    expect(await feed.drain(consumer)).toBe(0);
    expect((await feed.position('k')).waiting).toBe(0);
    // a wanted kind after them is handed
    await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-k:${p}:d9` }, 100n);
    expect(await feed.drain(consumer)).toBe(1);
  });

  it('consumers shared in a group get their own kinds once each, in one transaction a batch, from their own cursors', async () => {
    const p = await player();
    const w = t.services.wallet;
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-g:${p}:0` }, 10_000n);
    let clock = 0; // the group's "drained lately" clock (ms)
    const local = createLedgerFeed(createLedgerFeedRepository(t.db), { now: () => clock });
    /** The transaction of each batch a member was handed (after the group formed). */
    const txs = new Map<string, string[]>();
    const member = (name: string, kinds: readonly LedgerKind[]) => ({
      ...recorder(name),
      kinds,
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        if (!entries.every((e) => kinds.includes(e.kind))) throw new Error(`${name} handed another kind`);
        const { rows } = await sql<{ x: string }>`select pg_current_xact_id()::text as x`.execute(trx);
        txs.set(name, [...(txs.get(name) ?? []), rows[0]!.x]);
        await recorder(name).handle(entries, trx); // a repeat violates the primary key
      },
    });
    const deposits = member('g-dep', ['deposit']);
    const both = member('g-both', ['deposit', 'withdrawal_reserve']);
    for (let i = 1; i <= 5; i++)
      await w.reserveWithdrawal({ playerId: p, currency: 'USD', key: `feed-g:${p}:r${i}` }, 10n);
    // one member drained alone before the group forms: its cursor is ahead of the other's
    await local.drain(both);
    local.share('g', [deposits, both]);
    await local.register(deposits);
    await local.register(both);
    // the group's first drain reads from the member behind; the one ahead is handed nothing it had (no repeat)
    await local.drain(both);
    txs.clear();
    for (let i = 1; i <= 12; i++) {
      await w.reserveWithdrawal({ playerId: p, currency: 'USD', key: `feed-g:${p}:r2${i}` }, 10n);
      if (i % 2 === 0) await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-g:${p}:d${i}` }, 100n);
    }
    await local.drain(deposits); // drains the group
    const ids = async (kinds: LedgerKind[]) =>
      (await t.db.selectFrom('wallet_ledger_entries').select('id').where('kind', 'in', kinds).execute())
        .map((r) => r.id)
        .sort((x, y) => Number(x) - Number(y));
    expect(await seen('g-dep')).toEqual(await ids(['deposit']));
    expect(await seen('g-both')).toEqual(await ids(['deposit', 'withdrawal_reserve']));
    // since the cursors met, every batch that handed deposits handed them to both members in one transaction
    const depTx = txs.get('g-dep')!;
    expect(depTx.length).toBeGreaterThan(1);
    expect(depTx.every((x) => txs.get('g-both')!.includes(x))).toBe(true);
    // each member's own cursor moved with the group's: both wait for nothing, and a drain of either hands nothing
    for (const m of ['g-dep', 'g-both']) expect((await local.position(m)).waiting).toBe(0);
    expect(await local.drain(both)).toBe(0);
    expect(() => local.share('g2', [deposits, recorder('other')])).toThrow(/in group g/);
    // either member's job drains the group (here the second member's first, as in an instance that holds only its
    // lease); the other member's job right after reads nothing, and drains once half a period has passed
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-g:${p}:d99` }, 100n);
    expect(await local.job(both).run()).toBe(1);
    for (const m of ['g-dep', 'g-both']) expect((await local.position(m)).waiting).toBe(0);
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-g:${p}:d100` }, 100n);
    expect(await local.job(deposits).run()).toBe(0);
    expect((await local.position('g-dep')).waiting).toBe(1);
    clock += 125;
    expect(await local.job(deposits).run()).toBe(1);
    expect(await seen('g-dep')).toEqual(await ids(['deposit']));
    expect(await seen('g-both')).toEqual(await ids(['deposit', 'withdrawal_reserve']));
  });

  it('one drain at a time per group: calls made while one runs share one drain after it, which hands what they wrote', async () => {
    const p = await player();
    const w = t.services.wallet;
    const repo = createLedgerFeedRepository(t.db);
    // the real pump, which commits its batch and frees its connection; the first one then waits at a gate, so the
    // drain that made it is still running while the test writes and calls again
    let pumping = 0;
    let most = 0;
    let pumps = 0;
    let pumped!: () => void;
    const firstPumped = new Promise<void>((r) => (pumped = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const local = createLedgerFeed({
      ...repo,
      pump: async (...args: Parameters<typeof repo.pump>) => {
        pumping++;
        most = Math.max(most, pumping);
        try {
          const n = await repo.pump(...args);
          if (++pumps === 1) {
            pumped();
            await gate;
          }
          return n;
        } finally {
          pumping--;
        }
      },
    });
    const a = { ...recorder('sf-a'), kinds: ['deposit'] as const, batchSize: 500 };
    const b = { ...recorder('sf-b'), kinds: ['deposit'] as const, batchSize: 500 };
    local.share('sf', [a, b]);
    await local.register(a);
    await local.register(b);
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-sf:${p}:1` }, 100n);
    const first = local.drain(a);
    await firstPumped; // the first drain handed the first deposit and is still running
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-sf:${p}:2` }, 100n);
    const second = local.drain(b);
    const third = local.job(a).run();
    expect(local.drain(a)).toBe(second); // one drain queued behind the running one, shared by every call meanwhile
    open();
    const [n1, n2, n3] = await Promise.all([first, second, third]);
    expect(most).toBe(1); // never two pumps of the group at once in this process
    expect(n1).toBeGreaterThanOrEqual(1);
    expect(n2).toBeGreaterThanOrEqual(1); // the queued drain started after the second deposit committed: it handed it
    expect(n3).toBe(n2);
    const mine = (await t.db.selectFrom('wallet_ledger_entries').select('id').where('player_id', '=', p).execute()).map(
      (r) => r.id,
    );
    for (const m of ['sf-a', 'sf-b']) {
      expect(await seen(m)).toEqual(expect.arrayContaining(mine));
      expect((await local.position(m)).waiting).toBe(0);
    }
    // a drain after it had finished starts at once and finds nothing
    expect(await local.drain(a)).toBe(0);
  });

  it('a group quarantines an entry one member keeps failing on; operators see and retry it under either member', async () => {
    const p = await player();
    const local = createLedgerFeed(createLedgerFeedRepository(t.db), { maxAttempts: 1 });
    let broken = true;
    let badId = '';
    const plain = { ...recorder('gq-a'), kinds: ['deposit'] as const };
    const fragile = {
      ...recorder('gq-b'),
      kinds: ['deposit'] as const,
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        if (broken && entries.some((e) => e.id === badId)) throw new Error('cannot');
        await recorder('gq-b').handle(entries, trx);
      },
    };
    local.share('gq', [plain, fragile]);
    await local.register(plain);
    await local.register(fragile);
    await local.drain(plain); // both catch up with the history
    const w = t.services.wallet;
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-gq:${p}:bad` }, 100n);
    expect(await w.entry(`feed-gq:${p}:bad`)).toBeTruthy();
    badId = (
      await t.db
        .selectFrom('wallet_ledger_entries')
        .select('id')
        .where('idempotency_key', '=', `feed-gq:${p}:bad`)
        .executeTakeFirstOrThrow()
    ).id;
    await w.creditDeposit({ playerId: p, currency: 'USD', key: `feed-gq:${p}:good` }, 100n);
    await local.drain(fragile); // the bad entry fails alone once: set aside, the group goes on
    // the batch that failed was undone for both members: neither has the bad entry, both have the good one
    for (const m of ['gq-a', 'gq-b']) expect(await seen(m)).not.toContain(badId);
    expect((await seen('gq-a')).length).toBe((await seen('gq-b')).length);
    const status = await local.status();
    for (const m of ['gq-a', 'gq-b']) expect(status.find((s) => s.consumer === m)).toMatchObject({ quarantined: 1 });
    expect((await local.quarantined('gq-a')).map((q) => q.entry_id)).toEqual([badId]);
    broken = false;
    expect(await local.retry('gq-a', badId)).toBe(true);
    for (const m of ['gq-a', 'gq-b']) expect(await seen(m)).toContain(badId);
    expect(await local.retry('gq-b', badId)).toBe(false);
  });

  it('a consumer starts from now: it is never handed what was written before it was registered, unless asked', async () => {
    const p = await player();
    await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-n:${p}:old` }, 100n);
    const fresh = { ...recorder('n-now'), start: undefined };
    const history = { ...recorder('n-all') };
    await feed.register(fresh);
    expect(await feed.drain(fresh)).toBe(0);
    await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-n:${p}:new` }, 100n);
    expect(await feed.drain(fresh)).toBe(1);
    const all = await t.db.selectFrom('wallet_ledger_entries').select('id').execute();
    expect(await feed.drain(history)).toBe(all.length); // 'beginning': every entry ever written
  });

  it('entry kinds are a closed list: the compiler refuses a typo, the database an unknown kind', async () => {
    // @ts-expect-error 'deposits' is not a ledger kind
    const typo: FeedConsumer = { ...recorder('typo'), kinds: ['deposits'] };
    expect(typo.name).toBe('typo');
    const p = await player();
    await expect(
      sql`insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor, pending_delta_minor,
          real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
        values (${p}, 'deposits', 0, 0, 0, 0, 0, 0, ${`feed-typo:${p}`})`.execute(t.db),
    ).rejects.toThrow(/wallet_ledger_entries_kind/);
  });

  it('an entry its consumer keeps failing on is quarantined, the consumer moves on, an operator retries it', async () => {
    const p = await player();
    const keys = [1, 2, 3].map((i) => `feed-q:${p}:${i}`);
    for (const key of keys) await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key }, 100n);
    const poisoned = (await t.services.wallet.entry(keys[1]!))!;
    const badId = (
      await t.db
        .selectFrom('wallet_ledger_entries')
        .select('id')
        .where('idempotency_key', '=', keys[1]!)
        .executeTakeFirstOrThrow()
    ).id;
    expect(poisoned).toBeTruthy();
    let broken = true;
    const q = {
      ...recorder('q'),
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        if (broken && entries.some((e) => e.id === badId)) throw new Error('cannot handle this one');
        await recorder('q').handle(entries, trx);
      },
    };
    const logged: Array<{ level: string; entryId?: unknown; consumer?: unknown; message: string }> = [];
    const log = {
      warn: (o: { entryId?: unknown; consumer?: unknown }, message: string) =>
        logged.push({ level: 'warn', entryId: o.entryId, consumer: o.consumer, message }),
      error: (o: { entryId?: unknown; consumer?: unknown }, message: string) =>
        logged.push({ level: 'error', entryId: o.entryId, consumer: o.consumer, message }),
    };
    const local = createLedgerFeed(createLedgerFeedRepository(t.db), { maxAttempts: 3, log });
    await local.register(q);
    await expect(local.drain(q)).rejects.toThrow('cannot handle');
    await expect(local.drain(q)).rejects.toThrow('cannot handle');
    await local.drain(q); // the third failure sets it aside and the drain goes on
    // operators find it in the log too: two failures, then the quarantine, each naming the consumer and the entry
    expect(logged.map((l) => ({ ...l, entryId: String(l.entryId) }))).toEqual([
      { level: 'warn', consumer: 'q', entryId: String(badId), message: 'ledger feed: entry failed' },
      { level: 'warn', consumer: 'q', entryId: String(badId), message: 'ledger feed: entry failed' },
      {
        level: 'error',
        consumer: 'q',
        entryId: String(badId),
        message: 'ledger feed: entry quarantined, the consumer moves on without it',
      },
    ]);
    const seenNow = await seen('q');
    expect(seenNow).not.toContain(badId);
    const after = await t.db
      .selectFrom('wallet_ledger_entries')
      .select('id')
      .where('idempotency_key', '=', keys[2]!)
      .executeTakeFirstOrThrow();
    expect(seenNow).toContain(after.id);
    const status = (await local.status()).find((s) => s.consumer === 'q')!;
    expect(status).toMatchObject({ quarantined: 1, waiting: 0 });
    broken = false;
    expect(await local.retry('q', badId)).toBe(true);
    expect(await seen('q')).toContain(badId);
    expect((await local.status()).find((s) => s.consumer === 'q')).toMatchObject({ quarantined: 0 });
    expect(await local.retry('q', badId)).toBe(false); // handled once
  });

  it('operators see each registered consumer’s lag, backlog and quarantine at /ops-api/ledger-feed', async () => {
    const res = await t.app.inject({
      url: '/ops-api/ledger-feed',
      headers: { authorization: `Bearer ${t.secrets.ops}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().consumers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ consumer: 'bonuses', lagMs: expect.any(Number), quarantined: 0 }),
      ]),
    );
    expect((await t.app.inject({ url: '/ops-api/ledger-feed' })).statusCode).toBe(401);
  });

  it.skipIf(!usingPostgres())(
    'PostgreSQL: the window-closing rule: once covered past a time, every entry of that ledger time was handled',
    async () => {
      // writers start their transactions, write an entry (its ledger time: the transaction's start), and hold them
      // open for up to the grace: entries of earlier times commit after later ones, across any boundary
      const graceMs = 300;
      const local = createLedgerFeed(createLedgerFeedRepository(t.db), { graceMs });
      const consumer = { ...recorder('window'), start: undefined, batchSize: 1000 };
      await local.register(consumer);
      const players = await Promise.all(Array.from({ length: 20 }, () => player()));
      for (const p of players)
        await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-w:${p}:open` }, 1n);
      let writing = true;
      const violations: string[] = [];
      const checker = (async () => {
        while (writing) {
          await local.drain(consumer);
          const covered = await local.coveredUntil('window');
          if (covered) {
            const missed = await sql<{ id: string }>`select e.id::text from wallet_ledger_entries e
                where e.created_at < ${covered} and e.idempotency_key like 'feed-w:%'
                  and not exists (select 1 from test_feed_seen s where s.consumer = 'window' and s.entry_id = e.id)`.execute(
              t.db,
            );
            violations.push(...missed.rows.map((r) => r.id));
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const writers = Promise.all(
        players.map(async (p, i) => {
          for (let n = 0; n < 5; n++)
            await t.db.transaction().execute(async (trx) => {
              await sql`select pg_sleep(${Math.random() * 0.1})`.execute(trx); // started earlier than it writes
              await sql`insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor,
                  pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
                values (${p}, 'win', 0, 0, 0, 0, 0, 0, ${`feed-w:${i}:${n}`})`.execute(trx);
              await new Promise((r) => setTimeout(r, Math.random() * (graceMs - 150)));
            });
        }),
      );
      await writers.finally(() => (writing = false));
      await checker;
      expect(violations).toEqual([]);
    },
    60_000,
  );

  it.skipIf(!usingPostgres())(
    'PostgreSQL: 50 writers committing out of id order, one consumer pumping meanwhile: every entry seen exactly once',
    async () => {
      const players = await Promise.all(Array.from({ length: 50 }, () => player()));
      for (const p of players)
        await t.services.wallet.creditDeposit({ playerId: p, currency: 'USD', key: `feed-c:${p}:open` }, 1n);
      const consumer = recorder('c');
      // a second consumer of one kind only: its cursor jumps past the other kind, never past an uncommitted entry
      const picky = { ...recorder('c-picky'), kinds: ['bet'] as const };
      await feed.drain(consumer);
      await feed.drain(picky);
      let writing = true;
      const pump = async (c: typeof consumer) => {
        while (writing) {
          await feed.drain(c);
          await new Promise((r) => setTimeout(r, 2));
        }
      };
      const pumping = Promise.all([pump(consumer), pump(picky)]);
      // each writer takes an id early, then holds its transaction open for a random while: later ids commit first
      const written: string[] = [];
      const wanted: string[] = [];
      await Promise.all(
        players.map(async (p, i) => {
          for (let n = 0; n < 6; n++) {
            await t.db.transaction().execute(async (trx) => {
              const row = await sql<{
                id: string;
              }>`insert into wallet_ledger_entries (player_id, kind, real_delta_minor,
                  bonus_delta_minor, pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
                values (${p}, ${n % 2 ? 'win' : 'bet'}, 0, 0, 0, 0, 0, 0, ${`feed-c:${i}:${n}`})
                returning id::text`.execute(trx);
              written.push(row.rows[0]!.id);
              if (n % 2 === 0) wanted.push(row.rows[0]!.id);
              await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 25)));
            });
          }
        }),
      );
      writing = false;
      await pumping;
      await feed.drain(consumer);
      await feed.drain(picky);
      const got = await seen('c');
      const picked = await seen('c-picky');
      expect(picked).toEqual(expect.arrayContaining(wanted));
      expect(picked).toHaveLength(wanted.length); // and none of the other kind
      expect(got).toEqual(expect.arrayContaining(written));
      const all = await t.db.selectFrom('wallet_ledger_entries').select('id').execute();
      expect(got).toHaveLength(all.length); // every entry once (the primary key refuses a repeat)
    },
    60_000,
  );
});
