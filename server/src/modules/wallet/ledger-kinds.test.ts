import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signUpPlayer, useTestApp } from '../../../test/fixtures';
import { transact } from '../../lib/after-commit';
import { declareLedgerKinds, ledgerKinds, type FeedConsumer } from '.';
import { allowedLedgerKinds, allowLedgerKinds, assertLedgerKindsAllowed } from './ledger-kinds.repository';

// A module declares its own kinds of money move in its own folder and moves money with the wallet's general `post`
// (ADR 022): here a stand-in "cashback" module does exactly what the next money modules will do.
declare global {
  interface CasinoLedgerKinds {
    test_cashback: true;
    test_fee: true;
  }
}

describe('ledger kinds a module declares', () => {
  const t = useTestApp();

  it('start-up refuses a declared kind the database does not allow; the module migration allows it', async () => {
    // declared once the app has started (a module's file is loaded before start-up, where the check runs)
    declareLedgerKinds({
      test_cashback: { balance: 'real', direction: 'credit', reference: 'test cashback run' },
      test_fee: { balance: 'real', direction: 'debit', reference: 'test fee' },
    });
    await expect(assertLedgerKindsAllowed(t.db)).rejects.toThrow(/test_cashback, test_fee/);
    const before = await allowedLedgerKinds(t.db);
    await allowLedgerKinds(t.db, ['test_cashback', 'test_fee']);
    await allowLedgerKinds(t.db, ['test_cashback']); // again: nothing changes
    expect((await allowedLedgerKinds(t.db)).sort()).toEqual([...before, 'test_cashback', 'test_fee'].sort());
    await assertLedgerKindsAllowed(t.db);
    expect(ledgerKinds()).toEqual(expect.arrayContaining(['deposit', 'bonus_grant', 'wheel_prize', 'test_cashback']));
    await expect(allowLedgerKinds(t.db, ["x'); drop table wallet_accounts; --"])).rejects.toThrow(/lower-case/);
  });

  it('posts as declared: a credit adds, a debit takes and never below zero, a repeat moves nothing', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    const op = (key: string) => ({
      playerId: p.id,
      currency: 'USD',
      key: `${key}:${p.id}`,
      reference: { type: 'run', id: '1' },
    });
    const paid = await t.services.wallet.post(op('cb'), 'test_cashback', 500n);
    expect(paid.balances.real).toBe(500n);
    expect((await t.services.wallet.post(op('cb'), 'test_cashback', 500n)).repeated).toBe(true);
    const fee = await t.services.wallet.transaction((w) => w.post(op('fee'), 'test_fee', 200n));
    expect(fee.balances.real).toBe(300n);
    await expect(t.services.wallet.post(op('fee2'), 'test_fee', 301n)).rejects.toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
    const rows = await t.db
      .selectFrom('wallet_ledger_entries')
      .select(['kind', 'real_delta_minor'])
      .where('player_id', '=', p.id)
      .where('kind', 'in', ['test_cashback', 'test_fee'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'test_cashback', real_delta_minor: '500' },
      { kind: 'test_fee', real_delta_minor: '-200' },
    ]);
    // the set-based credit takes a module's real credit, and refuses a kind that is not one
    const many = await t.services.wallet.creditMany('test_cashback', [
      { playerId: p.id, amount: 1n, key: `m:${p.id}` },
    ]);
    expect(many.credited).toBe(1);
    await expect(
      t.services.wallet.creditMany('test_fee', [{ playerId: p.id, amount: 1n, key: `f:${p.id}` }]),
    ).rejects.toThrow(/credits real money/);
  });

  it('the compiler refuses a kind nobody declared, and so does the wallet at run time', async () => {
    const p = await signUpPlayer(t, { currency: 'USD' });
    // @ts-expect-error 'test_cashbak' is not a declared kind
    const typo: FeedConsumer = { name: 'typo', kinds: ['test_cashbak'], handle: async () => undefined };
    expect(typo.name).toBe('typo');
    await expect(
      // @ts-expect-error 'deposit' is the wallet's own kind: its own operation moves it, never post
      t.services.wallet.post({ playerId: p.id, currency: 'USD', key: `d:${p.id}` }, 'deposit', 1n),
    ).rejects.toThrow(/never declared/);
    // the database refuses it too, whatever code would write it
    await expect(
      transact(t.db, (trx) =>
        sql`insert into wallet_ledger_entries (player_id, kind, real_delta_minor, bonus_delta_minor,
          pending_delta_minor, real_after_minor, bonus_after_minor, pending_after_minor, idempotency_key)
          values (${p.id}, 'test_cashbak', 0, 0, 0, 0, 0, 0, ${`x:${p.id}`})`.execute(trx),
      ),
    ).rejects.toThrow(/wallet_ledger_entries_kind/);
    expect(() => declareLedgerKinds({ test_fee: { balance: 'bonus', direction: 'credit', reference: 'x' } })).toThrow(
      /declared twice/,
    );
  });
});
