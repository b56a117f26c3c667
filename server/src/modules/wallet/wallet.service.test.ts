import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestDatabase, usingPostgres } from '../../../test/test-database';
import { sql } from 'kysely';
import { createDatabase } from '../../db/database';
import { createWalletRepository } from './wallet.repository';
import { createWalletService, type WalletService } from './wallet.service';

let t: TestApp;
let wallet: WalletService;
beforeAll(async () => {
  t = await createTestApp({ database: await createTestDatabase({ poolSize: 20 }) });
  wallet = t.services.wallet;
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function player(currency = 'USD') {
  const row = await t.db.insertInto('acc_players').values({ currency } as never).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
// keys are global, so each test's keys carry the player id
const op = (playerId: string, key: string, currency = 'USD') => ({ playerId, currency, key: `${playerId}:${key}` });

async function expectConsistent(playerId: string) {
  const b = (await wallet.balances(playerId))!;
  const sums = await wallet.sumEntries(playerId);
  expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(sums);
  expect(b.real >= 0n && b.bonus >= 0n && b.pending >= 0n).toBe(true);
}

describe('wallet ledger', () => {
  it('credits, debits real money first then bonus, and keeps entries equal to balances', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'dep-1'), 1000n);
    await wallet.creditBonus(op(p, 'bonus-1'), 500n);
    const bet = await wallet.debitBet(op(p, 'bet-1'), 1200n);
    expect(bet.split).toEqual({ real: 1000n, bonus: 200n });
    expect(bet.balances).toMatchObject({ real: 0n, bonus: 300n });
    await wallet.creditWin(op(p, 'win-1'), { real: 2000n, bonus: 0n });
    await expectConsistent(p);
  });

  it('applies a repeated key once and returns the first result', async () => {
    const p = await player();
    const first = await wallet.creditDeposit(op(p, 'dep-same'), 700n);
    const again = await wallet.creditDeposit(op(p, 'dep-same'), 700n);
    expect(again.repeated).toBe(true);
    expect(again.entryId).toBe(first.entryId);
    expect((await wallet.balances(p))!.real).toBe(700n);
    const other = await player();
    await expect(wallet.creditDeposit({ playerId: other, currency: 'USD', key: `${p}:dep-same` }, 1n)).rejects.toMatchObject({ code: 'WALLET_KEY_REUSED' });
  });

  it('answers a repeat with the first result even when the balance would no longer allow it', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'd'), 100n);
    const bet = await wallet.debitBet(op(p, 'all-in'), 100n);
    const again = await wallet.debitBet(op(p, 'all-in'), 100n);
    expect(again).toMatchObject({ repeated: true, entryId: bet.entryId, split: { real: 100n, bonus: 0n } });
    await wallet.creditDeposit(op(p, 'd2'), 50n);
    await wallet.reserveWithdrawal(op(p, 'w-reserve'), 50n);
    const settled = await wallet.settleWithdrawal(op(p, 'w-settle'), 50n);
    expect((await wallet.settleWithdrawal(op(p, 'w-settle'), 50n)).entryId).toBe(settled.entryId);
    expect(await wallet.balances(p)).toMatchObject({ real: 0n, pending: 0n });
    await expectConsistent(p);
  });

  it('never goes below zero and changes nothing on refusal', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'd'), 100n);
    await expect(wallet.debitBet(op(p, 'too-much'), 101n)).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    await expect(wallet.reserveWithdrawal(op(p, 'w-too-much'), 101n)).rejects.toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS' });
    await expect(wallet.debitBet(op(p, 'zero'), 0n)).rejects.toMatchObject({ code: 'WALLET_BAD_AMOUNT' });
    expect((await wallet.balances(p))!.real).toBe(100n);
    // a refused key was not consumed: the same key works once funds allow
    await wallet.creditDeposit(op(p, 'd2'), 1n);
    expect((await wallet.debitBet(op(p, 'too-much'), 101n)).repeated).toBe(false);
    await expectConsistent(p);
  });

  it('reserves a withdrawal at once, returns it on rejection, and settles it', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'd'), 1000n);
    await wallet.reserveWithdrawal(op(p, 'w1-reserve'), 600n);
    expect(await wallet.summary(p, 'USD')).toMatchObject({ balance: 4, sum_available_for_withdraw: 4, pending_withdraws_sum: 6, has_first_dep: true });
    await wallet.releaseWithdrawal(op(p, 'w1-release'), 600n);
    await wallet.reserveWithdrawal(op(p, 'w2-reserve'), 300n);
    await wallet.settleWithdrawal(op(p, 'w2-settle'), 300n);
    expect(await wallet.balances(p)).toMatchObject({ real: 700n, pending: 0n });
    await expectConsistent(p);
  });

  it('refuses an operation in another currency than the account’s', async () => {
    const p = await player('EUR');
    await wallet.creditDeposit(op(p, 'e1', 'EUR'), 100n);
    await expect(wallet.creditDeposit(op(p, 'e2', 'USD'), 100n)).rejects.toMatchObject({ code: 'WALLET_WRONG_CURRENCY' });
  });

  it('keeps the ledger append-only', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'append-only'), 5n);
    await expect(t.db.updateTable('wallet_ledger_entries').set({ real_delta_minor: '500' }).where('idempotency_key', 'like', '%:append-only').execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('wallet_ledger_entries').where('idempotency_key', 'like', '%:append-only').execute()).rejects.toThrow(/append-only/);
  });

  it('publishes new_balance after each change, and /users/me shows the balance', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/signup', payload: { email: 'wallet@example.com', password: 'correct horse', accept_terms: true } });
    const token = res.json().access_token;
    const me = await t.app.inject({ url: '/main-api/users/me', headers: { authorization: `Bearer ${token}` } });
    const id = String(me.json().id);
    const seen: unknown[] = [];
    t.bus.subscribe((e) => seen.push(e));
    await wallet.creditDeposit(op(id, 'me-dep'), 12345n);
    expect(seen).toContainEqual({ target: { userId: id }, message: { type: 'new_balance', data: { balance: 123.45, bonus_balance: 0, sum_available_for_withdraw: 123.45, pending_withdraws_sum: 0, currency: 'USD' } } });
    const after = await t.app.inject({ url: '/main-api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.json()).toMatchObject({ balance: 123.45, has_first_dep: true });
  });
});

describe.skipIf(!usingPostgres())('wallet under concurrency (PostgreSQL row locks)', () => {
  it('sends the debit as a named prepared statement (parsed and planned once per connection)', async () => {
    const one = await createDatabase({ url: (t.database as { url?: string }).url, poolSize: 1 });
    try {
      const w = createWalletService({ repo: createWalletRepository(one.db), live: t.bus, digits: async () => 2 });
      const p = await player();
      await w.creditDeposit(op(p, 'prep-dep'), 10n);
      await w.debitBet(op(p, 'prep-1'), 1n);
      await w.debitBet(op(p, 'prep-2'), 1n);
      const rows = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(one.db);
      expect(rows.rows.map((r) => r.name)).toContain('wallet_debit');
      expect((await w.balances(p))!.real).toBe(8n);
    } finally {
      await one.close();
    }
  });

  it('keeps every balance equal to its entries with hundreds of simultaneous operations and duplicate keys', async () => {
    const players = await Promise.all([player(), player(), player()]);
    for (const p of players) await wallet.creditDeposit(op(p, `seed-${p}`), 10_000n);
    const hot = players[0]!;
    const tasks: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 400; i++) {
      const p = i % 4 === 3 ? players[1 + (i % 2)]! : hot; // most on one hot account, the rest spread
      const key = `op-${Math.floor(i / 2)}-${p}`; // every key twice: duplicates race each other
      const kind = Math.floor(i / 2) % 4;
      tasks.push(() =>
        kind === 0 ? wallet.creditDeposit(op(p, key), 50n)
        : kind === 1 ? wallet.debitBet(op(p, key), 70n)
        : kind === 2 ? wallet.creditWin(op(p, key), { real: 30n, bonus: 0n })
        : wallet.reserveWithdrawal(op(p, key), 40n),
      );
    }
    const results = await Promise.allSettled(tasks.map((task) => task()));
    const unexpected = results.filter((r) => r.status === 'rejected' && (r.reason as { code?: string }).code !== 'WALLET_INSUFFICIENT_FUNDS');
    expect(unexpected).toEqual([]);
    for (const p of players) await expectConsistent(p);
    const keys = await t.db.selectFrom('wallet_ledger_entries').select(({ fn }) => [fn.count<string>('id').as('n'), fn.count<string>('idempotency_key').distinct().as('keys')]).executeTakeFirstOrThrow();
    expect(keys.n).toBe(keys.keys);
  });
});
