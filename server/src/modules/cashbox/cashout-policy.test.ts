// test codes no module declares (cast): nothing but the test's own policy can throw them
import type { ErrorCode } from '@contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbidden } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { CashoutPolicy } from './cashbox.service';

// The cash-out refusal seam (decision 015; KYC fills it in): asked before anything is recorded or reserved.

const asked: Array<[string, bigint, string]> = [];
let refuseFrom = 0n;
const kycLike: CashoutPolicy = {
  async check(playerId, amountMinor, currency) {
    asked.push([playerId, amountMinor, currency]);
    if (refuseFrom > 0n && amountMinor >= refuseFrom)
      throw forbidden('TEST_KYC_REQUIRED' as ErrorCode, 'Verify your identity first');
  },
};
const later: CashoutPolicy = {
  async check() {
    asked.push(['later', 0n, '']);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ cashoutPolicies: [kycLike, later] });
});
afterAll(async () => {
  await t.close();
});

async function fundedPlayer(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/main-api/auth/signup',
    payload: { email, password: 'correct horse', currency: 'USD', accept_terms: true },
  });
  const headers = { authorization: `Bearer ${res.json().access_token as string}` };
  const id = String((await t.app.inject({ url: '/main-api/users/me', headers })).json().id);
  await t.services.wallet.creditDeposit({ playerId: id, currency: 'USD', key: `cashout-policy:${id}` }, 100_00n);
  return { id, headers };
}
const cashout = (headers: Record<string, string>, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/main-api/payments/cashout',
    headers,
    payload: { method: 'sandbox', amount, destination: 'card 4242' },
  });

describe('cash-out policies', () => {
  it('a refusal answers 403 with its code and leaves nothing recorded or reserved', async () => {
    refuseFrom = 20_00n;
    asked.length = 0;
    const p = await fundedPlayer('kyc-refused@example.com');
    const res = await cashout(p.headers, 25);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TEST_KYC_REQUIRED' });
    expect(asked).toEqual([[p.id, 25_00n, 'USD']]); // the list stops at the first refusal
    const balances = (await t.services.wallet.balances(p.id))!;
    expect({ real: balances.real, pending: balances.pending }).toEqual({ real: 100_00n, pending: 0n });
    const payments = await t.db.selectFrom('cashbox_payments').select('id').where('player_id', '=', p.id).execute();
    expect(payments).toEqual([]);
    const entries = await t.db
      .selectFrom('wallet_ledger_entries')
      .select('kind')
      .where('player_id', '=', p.id)
      .execute();
    expect(entries.map((e) => e.kind)).toEqual(['deposit']);
  });

  it('when every policy admits, the withdrawal is reserved as before', async () => {
    refuseFrom = 20_00n;
    asked.length = 0;
    const p = await fundedPlayer('kyc-ok@example.com');
    const res = await cashout(p.headers, 15);
    expect(res.statusCode).toBe(200);
    expect(asked).toEqual([
      [p.id, 15_00n, 'USD'],
      ['later', 0n, ''],
    ]);
    const balances = (await t.services.wallet.balances(p.id))!;
    expect({ real: balances.real, pending: balances.pending }).toEqual({ real: 85_00n, pending: 15_00n });
  });
});
