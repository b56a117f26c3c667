import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, usingPostgres } from '../../../test/test-database';
import { createLedgerFeed, createLedgerFeedRepository, type FeedEntry, type LedgerFeed } from './index';

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

  it('what a handler hands back runs once its batch committed, and never for a batch that rolled back', async () => {
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
        return async () => {
          // runs after the commit: the batch's rows are there for anyone to read
          told.push({ entries: entries.length, committed: (await seen('d')).length });
        };
      },
    };
    const broken = {
      ...consumer,
      handle: async (entries: FeedEntry[], trx: Transaction<DB>) => {
        const after = await consumer.handle(entries, trx);
        await sql`select 1/0`.execute(trx); // the batch fails after its handler returned
        return after;
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
