import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, usingPostgres } from '../../../test/test-database';
import { RESERVATION_NEVER_MADE } from './cashbox.service';

// Issue 13, items 1 and 2: a payment's status and its money change in one transaction, and the recovery sweep
// finishes or reverses what a process killed between two steps of the older code left (made here directly in the
// database, as kill -9 would leave it).
let t: TestApp;
let url: string | undefined;
beforeAll(async () => {
  const database = await createTestDatabase();
  url = (database as { url?: string }).url;
  t = await createTestApp({
    database,
    env: { PAYMENTS_SANDBOX_SECRET: 'sandbox-secret-for-tests-0001', PAYMENTS_SANDBOX_PLATFORMS: 'web' },
  });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

let n = 0;
async function player(depositMinor: bigint) {
  const row = await t.db
    .insertInto('acc_players')
    .values({ currency: 'USD' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  if (depositMinor > 0n)
    await t.services.wallet.creditDeposit({ playerId: id, currency: 'USD', key: `seed:${id}:${n++}` }, depositMinor);
  return id;
}
const cashout = (playerId: string, amount: number) =>
  t.services.cashbox.cashout(playerId, {
    method: 'sandbox',
    amount,
    destination: 'card 4242',
    client_type: 'web',
  });
const balances = async (playerId: string) => (await t.services.wallet.balances(playerId))!;
async function consistent(playerId: string) {
  const b = await balances(playerId);
  expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await t.services.wallet.sumEntries(playerId));
  expect(b.real >= 0n && b.pending >= 0n).toBe(true);
}
const payment = (id: string | number) =>
  t.db.selectFrom('cashbox_payments').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
const entry = (key: string) => t.services.wallet.entry(key);
/** A payment row as the older code left it when killed before its money moved. */
async function halfDone(playerId: string, type: 'deposit' | 'withdrawal', status: number, amountMinor: bigint) {
  const row = await t.db
    .insertInto('cashbox_payments')
    .values({
      player_id: playerId,
      type,
      method: 'sandbox',
      currency: 'USD',
      amount_minor: String(amountMinor),
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('withdrawals: the reservation and every decision move with the status', () => {
  it('refuses every decision on a withdrawal with no reservation, and the sweep closes it with nothing moved', async () => {
    const p = await player(10_000n);
    // another withdrawal's reservation, which a wrong "release" would have taken money from
    const other = await cashout(p, 40);
    const orphan = await halfDone(p, 'withdrawal', 0, 5_000n);
    for (const decision of [
      { action: 'reject', reason: 'no' } as const,
      { action: 'approve' } as const,
      { action: 'manual' } as const,
    ]) {
      await expect(t.services.cashbox.decideWithdrawal(orphan, decision, 'test-operator')).rejects.toMatchObject({
        status: 409,
        code: 'CASHBOX_RESERVATION_MISSING',
      });
    }
    expect(await balances(p)).toMatchObject({ real: 6_000n, pending: 4_000n });
    expect(await t.services.cashbox.recoverHalfDone()).toBeGreaterThanOrEqual(1);
    expect(await payment(orphan)).toMatchObject({ status: 3, reason: RESERVATION_NEVER_MADE });
    expect(await balances(p)).toMatchObject({ real: 6_000n, pending: 4_000n });
    await expect(
      t.services.cashbox.decideWithdrawal(orphan, { action: 'reject', reason: 'x' }, 'test-operator'),
    ).rejects.toMatchObject({
      code: 'CASHBOX_RESERVATION_MISSING',
    });
    // the real one is untouched and still decides normally
    await t.services.cashbox.decideWithdrawal(
      String(other.payment_id),
      { action: 'reject', reason: 'no' },
      'test-operator',
    );
    expect(await balances(p)).toMatchObject({ real: 10_000n, pending: 0n });
    await consistent(p);
  });

  it('finishes a decision whose status changed but whose money did not (rejected, processed)', async () => {
    const p = await player(10_000n);
    const rejected = String((await cashout(p, 30)).payment_id);
    const approved = String((await cashout(p, 20)).payment_id);
    // as a process killed between the status change and the money left them
    await t.db.updateTable('cashbox_payments').set({ status: 3 }).where('id', '=', rejected).execute();
    await t.db.updateTable('cashbox_payments').set({ status: 1 }).where('id', '=', approved).execute();
    expect(await balances(p)).toMatchObject({ real: 5_000n, pending: 5_000n });
    expect(await t.services.cashbox.recoverHalfDone()).toBeGreaterThanOrEqual(2);
    expect(await entry(`withdrawal:${rejected}:release`)).toBeDefined();
    expect(await entry(`withdrawal:${approved}:settle`)).toBeDefined();
    expect(await balances(p)).toMatchObject({ real: 8_000n, pending: 0n });
    // again: nothing left to do, and the repeated decisions answer as before without moving money
    await t.services.cashbox.recoverHalfDone();
    await t.services.cashbox.decideWithdrawal(rejected, { action: 'reject', reason: 'again' }, 'test-operator');
    await t.services.cashbox.decideWithdrawal(approved, { action: 'approve' }, 'test-operator');
    expect(await balances(p)).toMatchObject({ real: 8_000n, pending: 0n });
    await consistent(p);
  });
});

describe('deposits: the credit moves with the status', () => {
  it('credits a deposit marked credited without its money, and marks credited one whose money arrived', async () => {
    const p = await player(0n);
    const creditedNoMoney = await halfDone(p, 'deposit', 1, 700n);
    const moneyNoStatus = await halfDone(p, 'deposit', 0, 300n);
    await t.services.wallet.creditDeposit(
      {
        playerId: p,
        currency: 'USD',
        key: `deposit:${moneyNoStatus}`,
        reference: { type: 'payment', id: moneyNoStatus },
      },
      300n,
    );
    expect(await t.services.cashbox.recoverHalfDone()).toBeGreaterThanOrEqual(2);
    expect(await entry(`deposit:${creditedNoMoney}`)).toMatchObject({ real: 700n });
    expect(await payment(moneyNoStatus)).toMatchObject({ status: 1 });
    expect(await balances(p)).toMatchObject({ real: 1_000n });
    await t.services.cashbox.recoverHalfDone();
    expect(await balances(p)).toMatchObject({ real: 1_000n });
    await consistent(p);
  });
});

describe.skipIf(!usingPostgres())('no instant where a payment’s status and its money disagree (PostgreSQL)', () => {
  /** Holds the player's wallet row locked from another connection while `during` looks at what others can see. */
  async function whileWalletLocked<T>(playerId: string, start: () => Promise<T>, during: () => Promise<void>) {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from wallet_accounts where player_id = $1 for update', [playerId]);
      const running = start();
      running.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 400)); // the flow is now waiting for the wallet row
      await during();
      await holder.query('commit');
      return await running;
    } finally {
      await holder.end();
    }
  }

  it('a withdrawal request is never visible before its reservation', async () => {
    const p = await player(10_000n);
    const placed = await whileWalletLocked(
      p,
      () => cashout(p, 25),
      async () => {
        const seen = await t.db.selectFrom('cashbox_payments').select('id').where('player_id', '=', p).execute();
        expect(seen).toEqual([]);
      },
    );
    expect(await entry(`withdrawal:${placed.payment_id}:reserve`)).toMatchObject({ real: -2_500n });
    await consistent(p);
  });

  it('an operator’s decision is never visible before its money moved', async () => {
    const p = await player(10_000n);
    const id = String((await cashout(p, 25)).payment_id);
    await whileWalletLocked(
      p,
      () => t.services.cashbox.decideWithdrawal(id, { action: 'reject', reason: 'no' }, 'test-operator'),
      async () => expect((await payment(id)).status).toBe(0),
    );
    expect(await payment(id)).toMatchObject({ status: 3 });
    expect(await balances(p)).toMatchObject({ real: 10_000n, pending: 0n });
    await consistent(p);
  });
});
