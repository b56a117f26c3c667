import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { as, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { createCashboxRepository } from './cashbox.repository';
import type { ChainTransaction } from './ton';
import { createTonWatcher } from './ton-watcher';

// TON deposits whose transfer never came: closed as rejected once validUntil plus the grace period has passed (or at
// once when the player's wallet refused), nothing credited, the player told live; a transfer that still arrives is
// held for an operator. The clock is injected; it starts at the real time because created_at comes from the database.
const GRACE = 600;
const TTL = 300;
const clock = fixedClock(new Date());
const t = useTestApp({
  clock,
  poolSize: 10,
  env: {
    TON_RATES: 'USD:5.2',
    TON_TRANSFER_TTL_SECONDS: String(TTL),
    TON_DEPOSIT_EXPIRY_GRACE_SECONDS: String(GRACE),
  },
});
const ops = { authorization: '' };
let seen: Array<{ type: string; data: Record<string, unknown> }> = [];
beforeAll(() => {
  ops.authorization = `Bearer ${t.secrets.ops}`;
  t.bus.subscribe((e) => seen.push(e.message as (typeof seen)[number]));
});
beforeEach(async () => {
  // close whatever earlier tests left waiting, so each test counts only its own deposits
  clock.advance(24 * 3600_000);
  await t.services.cashbox.expireTonDeposits();
  clock.set(new Date());
  seen = [];
});

let lt = 9000;
function transfer(comment: string, valueNano: bigint | string): ChainTransaction {
  lt += 5;
  return {
    hash: `expiry-${lt}`,
    lt: String(lt),
    mc_block_seqno: 60_000_000 + lt,
    in_msg: {
      source: '0:' + '33'.repeat(32),
      value: String(valueNano),
      bounced: false,
      opcode: '0x00000000',
      message_content: { decoded: { type: 'text_comment', comment } },
    },
    description: { aborted: false, compute_ph: { success: true } },
  };
}
const newPlayer = (email: string) => signUpPlayer(t, { email, currency: 'USD' });
async function tonDeposit(p: Player, amount: number) {
  const res = await as(p).post('/main-api/payments/deposit', { method: 'ton', amount, client_type: 'telegram' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { payment_id: number; ton: { comment: string; amount_nano: string; valid_until: number } };
}
const balance = async (p: Player) => (await as(p).get('/main-api/users/me')).json().balance as number;
const payment = async (p: Player, id: number) =>
  (
    (await as(p).get('/main-api/payments/history?size=100')).json().items as Array<{
      id: number;
      status: number;
      reason: string | null;
      amount: number;
    }>
  ).find((i) => i.id === id)!;
const statusMessages = (id: number) =>
  seen.filter((m) => m.type === 'payment_status' && m.data.payment_id === id).map((m) => m.data.status);
const cancel = (p: Parameters<typeof as>[0], id: number) => as(p).post(`/main-api/payments/${id}/cancel`);
const atSecond = (unixSeconds: number) => clock.set(new Date(unixSeconds * 1000));

describe('TON deposits that never arrive', () => {
  it('stay waiting until validUntil plus the grace period, then close as rejected, live, crediting nothing', async () => {
    const p = await newPlayer('expiry-basic@example.com');
    const dep = await tonDeposit(p, 10);
    atSecond(dep.ton.valid_until + GRACE - 1);
    expect(await t.services.cashbox.expireTonDeposits()).toBe(0);
    expect((await payment(p, dep.payment_id)).status).toBe(0);

    atSecond(dep.ton.valid_until + GRACE + 1);
    expect(await t.services.cashbox.expireTonDeposits()).toBe(1);
    expect(await payment(p, dep.payment_id)).toMatchObject({ status: 3, reason: expect.stringMatching(/^expired/) });
    expect(statusMessages(dep.payment_id)).toEqual([3]);
    expect(seen).toContainEqual({
      type: 'payment_status',
      data: {
        payment_id: dep.payment_id,
        payment_type: 'deposit',
        status: 3,
      },
    });
    expect(await balance(p)).toBe(0);

    // the next run (this or another instance) changes nothing and tells nobody again
    expect(await t.services.cashbox.expireTonDeposits()).toBe(0);
    expect(statusMessages(dep.payment_id)).toEqual([3]);
    // and the player's inbox holds one "deposit failed" about it (issue 24), told in the closing transaction
    const inbox = (await as(p).get('/main-api/notifications/user-notifications')).json<{
      items: Array<{ kind: string; link: string | null }>;
    }>().items;
    expect(inbox.filter((n) => n.kind === 'deposit_failed')).toHaveLength(1);
  });

  it('leave alone credited, held, card and withdrawal payments, and close deposits made before validUntil was kept', async () => {
    const p = await newPlayer('expiry-others@example.com');
    const credited = await tonDeposit(p, 10);
    expect(await t.services.tonWatcher!.apply(transfer(credited.ton.comment, credited.ton.amount_nano))).toBe(
      'credited',
    );
    const underpaid = await tonDeposit(p, 10);
    expect(await t.services.tonWatcher!.apply(transfer(underpaid.ton.comment, 1_000_000n))).toBe('underpaid');
    const card = (await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 5 })).json();
    const withdrawal = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 5, destination: '4242' })
    ).json();
    const legacy = await tonDeposit(p, 3);
    await t.db
      .updateTable('cashbox_payments')
      .set({ ton_valid_until: null })
      .where('id', '=', String(legacy.payment_id))
      .execute();

    // a legacy row counts from created_at, written by the database's own clock: leave it a margin
    atSecond(credited.ton.valid_until + GRACE + 30);
    expect(await t.services.cashbox.expireTonDeposits()).toBe(1);
    expect((await payment(p, legacy.payment_id)).status).toBe(3);
    expect((await payment(p, credited.payment_id)).status).toBe(1);
    expect((await payment(p, underpaid.payment_id)).status).toBe(4);
    expect((await payment(p, card.payment_id)).status).toBe(0);
    expect((await payment(p, withdrawal.payment_id)).status).toBe(0);
    expect(await balance(p)).toBe(5); // 10 credited, 5 reserved for the withdrawal
  });

  it('settle as credited, not held, a deposit the wallet already holds (a watcher died between credit and payment update)', async () => {
    const p = await newPlayer('expiry-died@example.com');
    const dep = await tonDeposit(p, 10);
    const row = await t.db
      .selectFrom('cashbox_payments')
      .select(['player_id', 'currency'])
      .where('id', '=', String(dep.payment_id))
      .executeTakeFirstOrThrow();
    // what the dead watcher did: the credit, and nothing after it
    await t.services.wallet.creditDeposit(
      { playerId: row.player_id, currency: row.currency, key: `deposit:${dep.payment_id}` },
      1000n,
    );
    atSecond(dep.ton.valid_until + GRACE + 1);
    expect(await t.services.cashbox.expireTonDeposits()).toBe(1);
    // the restarted watcher reads the transfer again
    expect(await t.services.tonWatcher!.apply(transfer(dep.ton.comment, dep.ton.amount_nano))).toBe('credited');
    expect(await payment(p, dep.payment_id)).toMatchObject({ status: 1, amount: 10 });
    expect(await balance(p)).toBe(10);
    expect(statusMessages(dep.payment_id)).toEqual([3, 1]);
  });

  it('hold a transfer that arrives after the deposit closed for an operator, who may credit it', async () => {
    const p = await newPlayer('expiry-late@example.com');
    const dep = await tonDeposit(p, 10);
    atSecond(dep.ton.valid_until + GRACE + 1);
    await t.services.cashbox.expireTonDeposits();
    const late = transfer(dep.ton.comment, dep.ton.amount_nano);
    expect(await t.services.tonWatcher!.apply(late)).toBe('late');
    expect(await t.services.tonWatcher!.apply(late)).toBe('ignored'); // a re-scan
    expect(await payment(p, dep.payment_id)).toMatchObject({
      status: 4,
      reason: expect.stringMatching(/^late: received 1\.923076924 TON .*after the deposit had closed \(expired/),
    });
    expect(statusMessages(dep.payment_id)).toEqual([3, 4]);
    expect(await balance(p)).toBe(0);
    // a second transfer for it is kept too, as a duplicate
    const again = transfer(dep.ton.comment, dep.ton.amount_nano);
    expect(await t.services.tonWatcher!.apply(again)).toBe('duplicate');

    const held = (await t.app.inject({ url: '/ops-api/ton/held', headers: ops })).json();
    expect(held.deposits).toContainEqual(
      expect.objectContaining({
        id: dep.payment_id,
        status: 4,
        ton: expect.objectContaining({ tx_hash: late.hash, received_nano: dep.ton.amount_nano }),
      }),
    );
    expect(held.transfers).toContainEqual(
      expect.objectContaining({ hash: again.hash, outcome: 'duplicate', payment_id: dep.payment_id }),
    );
    const recorded = await t.db
      .selectFrom('cashbox_ton_transactions')
      .select('outcome')
      .where('hash', '=', late.hash)
      .executeTakeFirstOrThrow();
    expect(recorded.outcome).toBe('late');

    const credit = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.payment_id}/credit`,
      headers: ops,
      payload: {},
    });
    expect(credit.json()).toMatchObject({ status: 1, amount: 10 });
    expect(await balance(p)).toBe(10);
    // nothing moves it back
    atSecond(dep.ton.valid_until + 10 * GRACE);
    await t.services.cashbox.expireTonDeposits();
    expect((await payment(p, dep.payment_id)).status).toBe(1);
  });

  it('credit a transfer the watcher was already crediting when the deposit closed under it', async () => {
    const p = await newPlayer('expiry-race@example.com');
    const dep = await tonDeposit(p, 10);
    atSecond(dep.ton.valid_until + GRACE + 1);
    // the watcher has read the deposit as waiting; the expiry job runs just before it moves the payment
    const repo = createCashboxRepository(t.db);
    // (the payment moves in the credit's transaction, so the expiry runs just before that transaction begins)
    const wallet = t.services.wallet;
    const watcher = createTonWatcher({
      repo,
      wallet: {
        ...wallet,
        transaction: async (fn: Parameters<typeof wallet.transaction>[0]) => (
          await t.services.cashbox.expireTonDeposits(),
          wallet.transaction(fn)
        ),
      } as typeof wallet,
      cashbox: t.services.cashbox,
      minorUnitDigits: async () => 2,
      log: { warn: () => undefined, info: () => undefined },
      settings: { address: t.config.TON_DEPOSIT_ADDRESS, apiUrl: 'http://unused.test', pollIntervalMs: 1000 },
    });
    expect(await watcher.apply(transfer(dep.ton.comment, dep.ton.amount_nano))).toBe('credited');
    expect(await payment(p, dep.payment_id)).toMatchObject({ status: 1, amount: 10, reason: null });
    expect(statusMessages(dep.payment_id)).toEqual([3, 1]);
    expect(await balance(p)).toBe(10);
  });

  it('close once each when several instances run the job at the same time', async () => {
    const p = await newPlayer('expiry-instances@example.com');
    const deposits = [];
    for (let i = 0; i < 6; i++) deposits.push(await tonDeposit(p, 1));
    atSecond(deposits.at(-1)!.ton.valid_until + GRACE + 1);
    const closed = await Promise.all(Array.from({ length: 4 }, () => t.services.cashbox.expireTonDeposits()));
    expect(closed.reduce((a, b) => a + b, 0)).toBe(6);
    for (const d of deposits) expect(statusMessages(d.payment_id)).toEqual([3]);
  });
});

describe('POST /main-api/payments/{id}/cancel', () => {
  it('closes the player’s own waiting TON deposit at once, live, and answers the same when repeated', async () => {
    const p = await newPlayer('cancel-own@example.com');
    const dep = await tonDeposit(p, 10);
    const res = await cancel(p, dep.payment_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: dep.payment_id,
      type: 'deposit',
      method: 'ton',
      status: 3,
      reason: expect.stringMatching(/^cancelled/),
    });
    expect(statusMessages(dep.payment_id)).toEqual([3]);
    expect((await cancel(p, dep.payment_id)).json()).toMatchObject({ status: 3 });
    expect(statusMessages(dep.payment_id)).toEqual([3]);
    expect(await balance(p)).toBe(0);
  });

  it('refuses another player’s payment, a card deposit, a withdrawal, a settled deposit, and a stranger', async () => {
    const p = await newPlayer('cancel-refusals@example.com');
    const other = await newPlayer('cancel-other@example.com');
    const dep = await tonDeposit(p, 10);
    expect((await cancel(other, dep.payment_id)).statusCode).toBe(404);
    expect((await cancel({ headers: {}, t }, dep.payment_id)).statusCode).toBe(401);
    expect((await cancel(p, 999_999)).statusCode).toBe(404);
    expect((await payment(p, dep.payment_id)).status).toBe(0);

    const card = (await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 5 })).json();
    expect((await cancel(p, card.payment_id)).json()).toMatchObject({ code: 'CASHBOX_NOT_CANCELLABLE' });
    expect(await t.services.tonWatcher!.apply(transfer(dep.ton.comment, dep.ton.amount_nano))).toBe('credited');
    const settled = await cancel(p, dep.payment_id);
    expect(settled.statusCode).toBe(409);
    expect(settled.json().detail).toMatch(/no longer waiting/);
    const withdrawal = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 5, destination: '4242' })
    ).json();
    expect((await cancel(p, withdrawal.payment_id)).statusCode).toBe(409);
    expect((await payment(p, dep.payment_id)).status).toBe(1);
    expect(await balance(p)).toBe(5);
  });

  it('does not stop a transfer that comes after all from being held for an operator', async () => {
    const p = await newPlayer('cancel-late@example.com');
    const dep = await tonDeposit(p, 10);
    await cancel(p, dep.payment_id);
    expect(await t.services.tonWatcher!.apply(transfer(dep.ton.comment, dep.ton.amount_nano))).toBe('late');
    expect(await payment(p, dep.payment_id)).toMatchObject({
      status: 4,
      reason: expect.stringMatching(/^late: .*\(cancelled/),
    });
    expect((await t.app.inject({ url: '/ops-api/ton/held', headers: ops })).json().deposits).toContainEqual(
      expect.objectContaining({ id: dep.payment_id }),
    );
    expect(await balance(p)).toBe(0);
  });
});
