import { createServer, type Server } from 'node:http';
import { Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { usingPostgres } from '../../../test/test-database';
import { createCashboxRepository } from './cashbox.repository';
import type { ChainTransaction } from './ton';
import { createTonWatcher } from './ton-watcher';

// The watcher against a local stand-in of the toncenter v3 API (no network): it answers
// GET /api/v3/transactions?account&start_lt&sort=asc&limit from an in-memory chain the test writes.
interface StandIn {
  url: string;
  chain: ChainTransaction[];
  requests: URL[];
  keys: Array<string | undefined>;
  failNext: number;
  close(): Promise<void>;
}
async function startStandIn(): Promise<StandIn> {
  const state = {
    chain: [] as ChainTransaction[],
    requests: [] as URL[],
    keys: [] as Array<string | undefined>,
    failNext: 0,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    state.requests.push(url);
    state.keys.push(req.headers['x-api-key'] as string | undefined);
    if (state.failNext > 0) {
      state.failNext--;
      res.writeHead(429).end('{"error":"rate limit"}');
      return;
    }
    if (url.pathname !== '/api/v3/transactions') return void res.writeHead(404).end();
    const start = BigInt(url.searchParams.get('start_lt') ?? '0');
    const limit = Number(url.searchParams.get('limit') ?? '10');
    const txs = state.chain
      .filter((tx) => BigInt(tx.lt) >= start)
      .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1))
      .slice(0, limit);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ transactions: txs, address_book: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}

let lt = 1000;
function transfer(
  comment: string | undefined,
  valueNano: bigint | string,
  over: Partial<ChainTransaction> = {},
): ChainTransaction {
  lt += 7;
  return {
    hash: `hash-${lt}-${Math.random().toString(36).slice(2)}`,
    lt: String(lt),
    now: 1_790_000_000,
    mc_block_seqno: 40_000_000 + lt,
    in_msg: {
      source: '0:' + '11'.repeat(32),
      value: String(valueNano),
      bounced: false,
      opcode: comment === undefined ? null : '0x00000000',
      message_content: comment === undefined ? null : { decoded: { type: 'text_comment', comment } },
    },
    description: { aborted: false, compute_ph: { success: true } },
    ...over,
  };
}

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  await standIn.close();
});
const t = useTestApp(() => ({
  poolSize: 20,
  env: { TON_API_URL: standIn.url, TON_API_KEY: 'test-key', TON_RATES: 'USD:5.2,EUR:4.8' },
}));

const newPlayer = (email: string, currency = 'USD') => signUpPlayer(t, { email, currency });
const me = async (p: Player) => (await as(p).get('/main-api/users/me')).json();
async function tonDeposit(p: Player, amount: number) {
  const res = await as(p).post('/main-api/payments/deposit', { method: 'ton', amount, client_type: 'telegram' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    payment_id: number;
    status: number;
    ton: {
      address: string;
      amount_nano: string;
      comment: string;
      payload: string;
      valid_until: number;
      network: string;
      chain: string;
    };
  };
}
const payment = async (p: Player, id: number) =>
  (
    (await as(p).get('/main-api/payments/history?size=100')).json().items as Array<{
      id: number;
      status: number;
      amount: number;
      reason: string | null;
    }>
  ).find((i) => i.id === id)!;

describe('TON deposits', () => {
  it('hands TON Connect the transfer: house address, nanotons at the configured rate, the comment and its payload', async () => {
    const p = await newPlayer('ton-request@example.com');
    const dep = await tonDeposit(p, 10);
    expect(dep.status).toBe(0);
    expect(dep.ton).toMatchObject({
      address: t.config.TON_DEPOSIT_ADDRESS,
      amount_nano: '1923076924',
      network: 'testnet',
      chain: '-3',
    });
    expect(dep.ton.comment).toMatch(/^dep:[0-9a-f]{12}$/);
    const slice = Cell.fromBase64(dep.ton.payload).beginParse();
    expect([slice.loadUint(32), slice.loadStringTail()]).toEqual([0, dep.ton.comment]);
    expect(dep.ton.valid_until - Date.now() / 1000).toBeGreaterThan(200);
    expect(await me(p)).toMatchObject({ balance: 0 }); // nothing until the chain says so
  });

  it('credits once, only after the transaction is final, whatever the number of scans', async () => {
    const p = await newPlayer('ton-credit@example.com');
    const dep = await tonDeposit(p, 10);
    const seen: unknown[] = [];
    t.bus.subscribe((e) => seen.push(e.message));
    const tx = transfer(dep.ton.comment, dep.ton.amount_nano, { mc_block_seqno: null });
    standIn.chain.push(tx);
    await t.services.tonWatcher!.pollOnce();
    expect((await me(p)).balance).toBe(0);
    expect((await payment(p, dep.payment_id)).status).toBe(0);

    tx.mc_block_seqno = 41_000_000;
    await t.services.tonWatcher!.pollOnce();
    expect(await me(p)).toMatchObject({ balance: 10, has_first_dep: true });
    expect(await payment(p, dep.payment_id)).toMatchObject({ status: 1, amount: 10 });
    expect(seen).toContainEqual({
      type: 'new_balance',
      data: expect.objectContaining({ balance: 10, currency: 'USD' }),
    });
    expect(seen).toContainEqual({
      type: 'payment_status',
      data: expect.objectContaining({ payment_id: dep.payment_id, status: 1 }),
    });

    // a re-scan (same cursor, or the cursor lost) credits nothing more
    await t.services.tonWatcher!.pollOnce();
    await t.db.deleteFrom('cashbox_ton_cursors').execute();
    await t.services.tonWatcher!.pollOnce();
    expect((await me(p)).balance).toBe(10);
    expect(standIn.keys.every((k) => k === 'test-key')).toBe(true);
    expect(standIn.requests.at(-1)!.searchParams.get('account')).toBe(t.config.TON_DEPOSIT_ADDRESS);
    expect(standIn.requests.at(-1)!.searchParams.get('sort')).toBe('asc');
  });

  it('resumes from the saved lt', async () => {
    const before = await t.db.selectFrom('cashbox_ton_cursors').select('last_lt').executeTakeFirstOrThrow();
    standIn.requests.length = 0;
    await t.services.tonWatcher!.pollOnce();
    expect(standIn.requests[0]!.searchParams.get('start_lt')).toBe(before.last_lt);
  });

  it('credits what arrived at the locked rate, holds an underpayment for an operator, and ignores bounced, aborted and failed transfers', async () => {
    const p = await newPlayer('ton-rules@example.com');
    const over = await tonDeposit(p, 10);
    const under = await tonDeposit(p, 20);
    const bounced = await tonDeposit(p, 30);
    standIn.chain.push(
      transfer(over.ton.comment, 2_500_000_000n), // 2.5 TON at 5.2 = 13.00 USD
      transfer(under.ton.comment, BigInt(under.ton.amount_nano) - 1n),
      transfer(bounced.ton.comment, bounced.ton.amount_nano, {
        in_msg: { ...transfer(bounced.ton.comment, bounced.ton.amount_nano).in_msg, bounced: true },
      }),
      transfer(bounced.ton.comment, bounced.ton.amount_nano, {
        description: { aborted: true, compute_ph: { success: true } },
      }),
      transfer(bounced.ton.comment, bounced.ton.amount_nano, {
        description: { aborted: false, compute_ph: { success: false } },
      }),
    );
    await t.services.tonWatcher!.pollOnce();
    expect((await me(p)).balance).toBe(13);
    expect(await payment(p, over.payment_id)).toMatchObject({ status: 1, amount: 13 });
    expect(await payment(p, under.payment_id)).toMatchObject({
      status: 4,
      reason: expect.stringMatching(/^underpaid: received 3\.846153846 TON of 3\.846153847 TON/),
    });
    expect((await payment(p, bounced.payment_id)).status).toBe(0);
  });

  it('credits nothing for a transfer that names no deposit, another’s settled deposit, or a deposit twice', async () => {
    const p = await newPlayer('ton-unmatched@example.com');
    const dep = await tonDeposit(p, 5);
    const first = transfer(dep.ton.comment, dep.ton.amount_nano);
    const second = transfer(dep.ton.comment, dep.ton.amount_nano);
    const stranger = transfer('dep:000000000000', 5_000_000_000n);
    const noComment = transfer(undefined, 5_000_000_000n);
    standIn.chain.push(first, second, stranger, noComment);
    const outcomes = await t.services.tonWatcher!.pollOnce();
    const by = Object.fromEntries(outcomes.map((o) => [o.hash, o.outcome]));
    expect([by[first.hash], by[second.hash], by[stranger.hash], by[noComment.hash]]).toEqual([
      'credited',
      'duplicate',
      'unmatched',
      'unmatched',
    ]);
    expect((await me(p)).balance).toBe(5);
    const recorded = await t.db
      .selectFrom('cashbox_ton_transactions')
      .select(['hash', 'outcome'])
      .where('hash', 'in', [second.hash, stranger.hash])
      .execute();
    expect(recorded).toHaveLength(2);
  });

  it('pages through a long history from the cursor', async () => {
    const p = await newPlayer('ton-pages@example.com');
    const deposits = [];
    for (let i = 0; i < 5; i++) deposits.push(await tonDeposit(p, 1));
    standIn.chain.push(...deposits.map((d) => transfer(d.ton.comment, d.ton.amount_nano)));
    const watcher = createTonWatcher({
      repo: createCashboxRepository(t.db),
      wallet: t.services.wallet,
      cashbox: t.services.cashbox,
      minorUnitDigits: async () => 2,
      log: { warn: () => undefined, info: () => undefined },
      settings: { address: t.config.TON_DEPOSIT_ADDRESS, apiUrl: standIn.url, pollIntervalMs: 1000, pageSize: 2 },
    });
    standIn.requests.length = 0;
    await watcher.pollOnce();
    expect(standIn.requests.length).toBeGreaterThan(2);
    expect((await me(p)).balance).toBe(5);
  });

  it('keeps polling by itself, backs off while the API fails, and stops cleanly', async () => {
    const p = await newPlayer('ton-loop@example.com');
    const dep = await tonDeposit(p, 3);
    const warnings: unknown[] = [];
    const watcher = createTonWatcher({
      repo: createCashboxRepository(t.db),
      wallet: t.services.wallet,
      cashbox: t.services.cashbox,
      minorUnitDigits: async () => 2,
      log: { warn: (o) => warnings.push(o), info: () => undefined },
      settings: { address: t.config.TON_DEPOSIT_ADDRESS, apiUrl: standIn.url, pollIntervalMs: 50 },
    });
    standIn.failNext = 2;
    standIn.chain.push(transfer(dep.ton.comment, dep.ton.amount_nano));
    watcher.start();
    const deadline = Date.now() + 10_000;
    while ((await me(p)).balance !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await watcher.stop();
    expect((await me(p)).balance).toBe(3);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a TON withdrawal to a bad address and reserves one to a valid address', async () => {
    const p = await newPlayer('ton-cashout@example.com');
    const dep = await tonDeposit(p, 50);
    standIn.chain.push(transfer(dep.ton.comment, dep.ton.amount_nano));
    await t.services.tonWatcher!.pollOnce();
    const cashout = (destination: string) =>
      as(p).post('/main-api/payments/cashout', { method: 'ton', amount: 20, destination, client_type: 'telegram' });
    const bad = await cashout('EQB2prN8MMZD7w27LSOphr5K29WzURtPq4xYNPB0JkXh0bjx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'CASHBOX_BAD_ADDRESS',
      detail: expect.stringMatching(/^destination: .*checksum/),
    });
    expect((await cashout('my wallet')).json().detail).toMatch(/not a TON address/);
    const ok = await cashout('0QB2prN8MMZD7w27LSOphr5K29WzURtPq4xYNPB0JkXh0V69');
    expect(ok.json()).toMatchObject({ status: 0 });
    expect(await me(p)).toMatchObject({ balance: 30, pending_withdraws_sum: 20 });
    const history = (await as(p).get('/main-api/payments/history?type=withdrawal')).json();
    expect(history.total).toBe(1);
  });
});

describe.skipIf(!usingPostgres())('TON watcher on several instances (PostgreSQL)', () => {
  it('credits each deposit once when instances scan the same transactions at the same time', async () => {
    const p = await newPlayer('ton-instances@example.com');
    const deposits = [];
    for (let i = 0; i < 8; i++) deposits.push(await tonDeposit(p, 2));
    standIn.chain.push(...deposits.map((d) => transfer(d.ton.comment, d.ton.amount_nano)));
    const instances = Array.from({ length: 4 }, () =>
      createTonWatcher({
        repo: createCashboxRepository(t.db),
        wallet: t.services.wallet,
        cashbox: t.services.cashbox,
        minorUnitDigits: async () => 2,
        log: { warn: () => undefined, info: () => undefined },
        settings: { address: t.config.TON_DEPOSIT_ADDRESS, apiUrl: standIn.url, pollIntervalMs: 1000, pageSize: 3 },
      }),
    );
    await t.db.deleteFrom('cashbox_ton_cursors').execute(); // everyone re-reads the whole chain too
    await Promise.all(instances.map((w) => w.pollOnce()));
    expect((await me(p)).balance).toBe(16);
    const statuses = await Promise.all(deposits.map((d) => payment(p, d.payment_id)));
    expect(statuses.every((s) => s.status === 1)).toBe(true);
  });
});
