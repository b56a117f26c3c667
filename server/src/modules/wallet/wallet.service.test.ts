import '../bonuses/bonuses.ledger-kinds'; // the bonus engine's kind, to put bonus money on a balance
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpPlayer, useTestApp } from '../../../test/fixtures';
import { usingPostgres } from '../../../test/test-database';
import { sql } from 'kysely';
import { createDatabase } from '../../db/database';
import { createWalletRepository } from './wallet.repository';
import { createWalletService, type WalletService } from './wallet.service';
import { splitStake, splitWin } from './money-split';

const t = useTestApp({ poolSize: 20 });
let wallet: WalletService;
beforeAll(() => {
  wallet = t.services.wallet;
});

async function player(currency = 'USD') {
  const row = await t.db
    .insertInto('acc_players')
    .values({ currency } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
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
    await wallet.post(op(p, 'bonus-1'), 'bonus_grant', 500n);
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
    await expect(
      wallet.creditDeposit({ playerId: other, currency: 'USD', key: `${p}:dep-same` }, 1n),
    ).rejects.toMatchObject({ code: 'WALLET_KEY_REUSED' });
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
    await expect(wallet.reserveWithdrawal(op(p, 'w-too-much'), 101n)).rejects.toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
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
    expect(await wallet.summary(p, 'USD')).toMatchObject({
      balance: 4,
      sum_available_for_withdraw: 4,
      pending_withdraws_sum: 6,
      has_first_dep: true,
    });
    await wallet.releaseWithdrawal(op(p, 'w1-release'), 600n);
    await wallet.reserveWithdrawal(op(p, 'w2-reserve'), 300n);
    await wallet.settleWithdrawal(op(p, 'w2-settle'), 300n);
    expect(await wallet.balances(p)).toMatchObject({ real: 700n, pending: 0n });
    await expectConsistent(p);
  });

  it('refuses an operation in another currency than the account’s', async () => {
    const p = await player('EUR');
    await wallet.creditDeposit(op(p, 'e1', 'EUR'), 100n);
    await expect(wallet.creditDeposit(op(p, 'e2', 'USD'), 100n)).rejects.toMatchObject({
      code: 'WALLET_WRONG_CURRENCY',
    });
  });

  it('keeps the ledger append-only', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'append-only'), 5n);
    await expect(
      t.db
        .updateTable('wallet_ledger_entries')
        .set({ real_delta_minor: '500' })
        .where('idempotency_key', 'like', '%:append-only')
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.db.deleteFrom('wallet_ledger_entries').where('idempotency_key', 'like', '%:append-only').execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('publishes new_balance after each change, and /users/me shows the balance', async () => {
    const { id, headers } = await signUpPlayer(t, { email: 'wallet@example.com' });
    const seen: unknown[] = [];
    t.bus.subscribe((e) => seen.push(e));
    await wallet.creditDeposit(op(id, 'me-dep'), 12345n);
    expect(seen).toContainEqual({
      target: { userId: id },
      message: {
        type: 'new_balance',
        data: {
          balance: 123.45,
          bonus_balance: 0,
          sum_available_for_withdraw: 123.45,
          pending_withdraws_sum: 0,
          currency: 'USD',
        },
      },
    });
    const after = await t.app.inject({ url: '/main-api/users/me', headers });
    expect(after.json()).toMatchObject({ balance: 123.45, has_first_dep: true });
  });
});

describe.skipIf(!usingPostgres())('wallet under concurrency (PostgreSQL row locks)', () => {
  it('sends the debit as a named prepared statement (parsed and planned once per connection)', async () => {
    const one = await createDatabase({ url: (t.database as { url?: string }).url, poolSize: 1 });
    try {
      const w = createWalletService({
        repo: createWalletRepository(one.db),
        live: t.bus,
        minorUnitDigits: async () => 2,
      });
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
        kind === 0
          ? wallet.creditDeposit(op(p, key), 50n)
          : kind === 1
            ? wallet.debitBet(op(p, key), 70n)
            : kind === 2
              ? wallet.creditWin(op(p, key), { real: 30n, bonus: 0n })
              : wallet.reserveWithdrawal(op(p, key), 40n),
      );
    }
    const results = await Promise.allSettled(tasks.map((task) => task()));
    const unexpected = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code !== 'WALLET_INSUFFICIENT_FUNDS',
    );
    expect(unexpected).toEqual([]);
    for (const p of players) await expectConsistent(p);
    const keys = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(({ fn }) => [fn.count<string>('id').as('n'), fn.count<string>('idempotency_key').distinct().as('keys')])
      .executeTakeFirstOrThrow();
    expect(keys.n).toBe(keys.keys);
  });
});

describe.skipIf(!usingPostgres())('wallet one-statement debits racing credits (PostgreSQL)', () => {
  // A bet waiting for the row lock a credit holds reads the credited row; the new balance must come from that row,
  // never from the UPDATE's older row version (which raised wallet_accounts_real_minor_check, HTTP 500).
  it('never fails a CHECK: bets and bet-and-wins racing deposits on one empty account', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await player();
      await wallet.creditDeposit(op(p, 'open'), 1n);
      await wallet.debitBet(op(p, 'empty-it'), 1n);
      const tasks: Array<Promise<unknown>> = [];
      for (let i = 0; i < 60; i++) {
        tasks.push(wallet.creditDeposit(op(p, `race-dep-${round}-${i}`), 100n));
        tasks.push(
          i % 2
            ? wallet.debitBet(op(p, `race-bet-${round}-${i}`), 100n)
            : wallet.betAndWin(op(p, `race-bw-${round}-${i}`), 100n, 50n),
        );
      }
      const results = await Promise.allSettled(tasks);
      const unexpected = results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason as { code?: string; message?: string })
        .filter((e) => e.code !== 'WALLET_INSUFFICIENT_FUNDS')
        .map((e) => `${e.code}: ${e.message}`);
      expect(unexpected).toEqual([]);
      await expectConsistent(p);
    }
  });
});

describe('the real-then-bonus split: one rule in SQL (betAndWinCtes) and in TypeScript (money-split.ts)', () => {
  it('splits stakes and wins alike on the one-statement path, the general path and splitStake/splitWin', async () => {
    // [real, bonus, stake, payout]: all real, all bonus, mixed with rounding, no win, and a stake of everything
    const vectors: Array<[bigint, bigint, bigint, bigint]> = [
      [1000n, 0n, 300n, 700n],
      [0n, 1000n, 300n, 701n],
      [250n, 1000n, 333n, 1001n],
      [1n, 2n, 3n, 0n],
      [999n, 1n, 1000n, 3n],
    ];
    for (const [real, bonus, stake, payout] of vectors) {
      const onePath = await player();
      const general = await player();
      for (const p of [onePath, general]) {
        await wallet.creditDeposit(op(p, 'dep'), real + 1n); // + 1 then a bet of 1: an account with exactly `real`
        await wallet.debitBet(op(p, 'trim'), 1n);
        if (bonus > 0n) await wallet.post(op(p, 'bonus'), 'bonus_grant', bonus);
      }
      const fast = await wallet.betAndWin(op(onePath, 'bw'), stake, payout); // one statement (betAndWinCtes)
      const slow = await wallet.transaction((w) => w.betAndWin(op(general, 'bw'), stake, payout)); // computeOf
      const expected = splitStake({ real }, stake);
      expect([fast.split, slow.split]).toEqual([expected, expected]);
      const win = splitWin(stake, payout, expected);
      expect([fast.winSplit, slow.winSplit]).toEqual([win, win]);
      expect(fast.balances).toEqual({ ...slow.balances, deposited: fast.balances.deposited });
      if (fast.balances.real + fast.balances.bonus > 0n) {
        const debit = await wallet.debitBet(op(onePath, 'debit'), 1n); // the debit statement (betAndWinCtes, no payout)
        expect(debit.split).toEqual(splitStake({ real: fast.balances.real }, 1n));
      }
      await expectConsistent(onePath);
      await expectConsistent(general);
    }
  });
});

describe('wallet operations inside a caller’s transaction', () => {
  it('commits with the caller’s own writes, or not at all', async () => {
    const p = await player();
    await wallet.creditDeposit(op(p, 'tx-dep'), 1000n);
    await expect(
      wallet.transaction(async (w) => {
        await w.reserveWithdrawal(op(p, 'tx-reserve-undone'), 400n);
        throw new Error('the caller failed after the money moved');
      }),
    ).rejects.toThrow(/caller failed/);
    expect(await wallet.balances(p)).toMatchObject({ real: 1000n, pending: 0n });
    expect(await wallet.entry(`${p}:tx-reserve-undone`)).toBeUndefined();
    const seen: unknown[] = [];
    t.bus.subscribe((e) => {
      if ((e as { target?: { userId?: string } }).target?.userId === p) seen.push(e);
    });
    const first = await wallet.transaction((w) => w.reserveWithdrawal(op(p, 'tx-reserve'), 400n));
    expect(seen.length).toBe(1); // told after the commit
    // a repeat inside a transaction answers the first result and leaves the transaction usable
    const again = await wallet.transaction(async (w) => {
      const r = await w.reserveWithdrawal(op(p, 'tx-reserve'), 400n);
      await w.settleWithdrawal(op(p, 'tx-settle'), 400n);
      return r;
    });
    expect(again).toMatchObject({ repeated: true, entryId: first.entryId });
    expect(await wallet.balances(p)).toMatchObject({ real: 600n, pending: 0n });
    await expectConsistent(p);
  });
});

describe('set-based credits (ADR 020)', () => {
  it('credits many players, each under its own key and entry; a repeat moves nothing; a player named twice gets both', async () => {
    const ps = await Promise.all([player(), player(), player()]);
    for (const p of ps) await wallet.creditDeposit(op(p, 'open'), 100n);
    const noAccount = await player();
    const credits = [
      ...ps.map((p, i) => ({ playerId: p, amount: BigInt(10 * (i + 1)), key: `${p}:cb-1` })),
      { playerId: ps[0]!, amount: 5n, key: `${ps[0]}:cb-2` }, // the same player again, another credit
      { playerId: ps[1]!, amount: 999n, key: `${ps[1]}:cb-1` }, // a repeated key: the first one counts
      { playerId: noAccount, amount: 7n, key: `${noAccount}:cb-1` },
    ];
    const first = await wallet.creditMany('adjustment', credits, { chunk: 2 });
    expect(first).toEqual({ credited: 4, repeated: 0, missing: [noAccount] });
    expect((await wallet.balances(ps[0]!))!.real).toBe(115n);
    expect((await wallet.balances(ps[1]!))!.real).toBe(120n);
    const again = await wallet.creditMany('adjustment', credits, { chunk: 2 });
    expect(again).toMatchObject({ credited: 0, repeated: 4 });
    for (const p of ps) await expectConsistent(p);
    expect((await wallet.balances(ps[2]!))!.real).toBe(130n);
  });

  it('the same call twice at once credits each key once', async () => {
    const ps = await Promise.all(Array.from({ length: 30 }, () => player()));
    for (const p of ps) await wallet.creditDeposit(op(p, 'open'), 1n);
    const credits = ps.map((p) => ({ playerId: p, amount: 100n, key: `${p}:race` }));
    const [a, b] = await Promise.all([
      wallet.creditMany('adjustment', credits, { chunk: 7 }),
      wallet.creditMany('adjustment', credits, { chunk: 7 }),
    ]);
    expect(a.credited + b.credited).toBe(30);
    for (const p of ps) {
      expect((await wallet.balances(p))!.real).toBe(101n);
      await expectConsistent(p);
    }
  });
});
