import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badRequest } from '../../lib/errors';
import { as, signUpPlayer, useTestApp, withTestApp, type Player } from '../../../test/fixtures';

const SANDBOX_SECRET = 'sandbox-secret-for-tests-0001';
const t = useTestApp({ env: { PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET, PAYMENTS_SANDBOX_PLATFORMS: 'web' } });

const newPlayer = (email: string, currency = 'USD') => signUpPlayer(t, { email, currency });
const me = async (p: Player) => (await as(p).get('/main-api/users/me')).json();
const ops = { authorization: '' };

async function deposit(p: Player, amount: number, choice: 'success' | 'pending' | 'failed') {
  const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount });
  expect(res.statusCode).toBe(200);
  const { payment_id, redirect_url } = res.json();
  const path = new URL(redirect_url).pathname;
  const page = await t.app.inject({ url: path });
  expect(page.body).toContain('SANDBOX');
  const done = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `status=${choice}`,
  });
  expect(done.statusCode).toBe(302);
  expect(done.headers.location).toBe(`/?payment_status=${choice}`);
  return payment_id as number;
}

describe('deposits through the sandbox processor', () => {
  it('offers the labelled sandbox method and TON with limits in the player’s currency', async () => {
    const p = await newPlayer('methods@example.com', 'EUR');
    const res = await as(p).get('/main-api/payments/methods?client_type=web');
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: 'sandbox',
        name: 'Sandbox (test)',
        kind: 'sandbox',
        is_test: true,
        currency: 'EUR',
        deposit: { min: 1, max: 10000 },
      }),
      expect.objectContaining({
        id: 'ton',
        kind: 'ton',
        name: 'TON (testnet)',
        currency: 'EUR',
        withdrawal: { min: 5, max: 5000 },
      }),
    ]);
  });

  it('credits a successful deposit once, shows it in history, and a failed one not at all', async () => {
    const p = await newPlayer('dep@example.com');
    const ok = await deposit(p, 25.5, 'success');
    const failed = await deposit(p, 10, 'failed');
    const pending = await deposit(p, 7, 'pending');
    expect(await me(p)).toMatchObject({ balance: 25.5, has_first_dep: true });
    const history = (await as(p).get('/main-api/payments/history?type=deposit')).json();
    expect(history).toMatchObject({ total: 3, page: 1 });
    const status = Object.fromEntries(history.items.map((i: { id: number; status: number }) => [i.id, i.status]));
    expect(status).toEqual({ [ok]: 1, [failed]: 3, [pending]: 0 });
    const onlyProcessed = (await as(p).get('/main-api/payments/history?status=1')).json();
    expect(onlyProcessed.items.map((i: { id: number }) => i.id)).toEqual([ok]);
  });

  it('applies a repeated webhook event once, and a second success event does not credit twice', async () => {
    const p = await newPlayer('repeat@example.com');
    const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 40 });
    const paymentId = res.json().payment_id;
    const post = (eventId: string) => {
      const body = JSON.stringify({ event_id: eventId, payment_id: paymentId, status: 'success' });
      return t.app.inject({
        method: 'POST',
        url: '/main-api/payments/webhook/sandbox',
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', SANDBOX_SECRET).update(body).digest('hex'),
        },
        payload: body,
      });
    };
    expect((await post('evt-1')).json()).toEqual({ applied: true });
    expect((await post('evt-1')).json()).toEqual({ applied: false });
    expect((await post('evt-2')).json()).toEqual({ applied: false }); // another success event for a credited payment changes nothing
    expect((await me(p)).balance).toBe(40);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const p = await newPlayer('forged@example.com');
    const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 40 });
    const body = JSON.stringify({ event_id: 'x', payment_id: res.json().payment_id, status: 'success' });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', 'wrong').update(body).digest('hex'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', SANDBOX_SECRET).update(body).digest('hex'),
      },
      payload: body.replace('"x"', '"y"'),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await me(p)).balance).toBe(0);
  });

  it('answers wrong input with a clear message and changes nothing', async () => {
    const p = await newPlayer('bad-input@example.com');
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ method: 'sandbox', amount: 0.5 }, 400, /minimum deposit is 1 USD/],
      [{ method: 'sandbox', amount: 20000 }, 400, /maximum deposit is 10000 USD/],
      [{ method: 'card', amount: 10 }, 400, /'card' is not offered/],
      [{ method: 'sandbox', amount: 10.001 }, 400, /decimal places/],
      [{ method: 'sandbox', amount: -5 }, 422, /body\/amount/],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await as(p).post('/main-api/payments/deposit', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
    expect((await as(p).get('/main-api/payments/history')).json().total).toBe(0);
  });

  it('refuses a method not offered on this platform and a currency other than the account’s', async () => {
    const p = await newPlayer('platform@example.com');
    const inTelegram = (await as(p).get('/main-api/payments/methods?client_type=telegram')).json();
    expect(inTelegram.map((m: { id: string }) => m.id)).toEqual(['ton']);
    const res = await as(p).post('/main-api/payments/deposit', {
      method: 'sandbox',
      amount: 10,
      client_type: 'telegram',
    });
    expect(res.json()).toMatchObject({
      code: 'CASHBOX_METHOD_NOT_ON_PLATFORM',
      detail: "method: 'sandbox' is not offered in the Telegram app",
    });
    const eur = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 10, currency: 'EUR' });
    expect(eur.statusCode).toBe(400);
    expect(eur.json()).toMatchObject({
      code: 'CASHBOX_WRONG_CURRENCY',
      detail: 'currency: your account is in USD; deposits are taken in USD only',
    });
    const cashout = await as(p).post('/main-api/payments/cashout', {
      method: 'sandbox',
      amount: 10,
      currency: 'EUR',
      destination: 'x',
    });
    expect(cashout.json().code).toBe('CASHBOX_WRONG_CURRENCY');
    const sameCurrency = await as(p).post('/main-api/payments/deposit', {
      method: 'sandbox',
      amount: 10,
      currency: 'USD',
    });
    expect(sameCurrency.statusCode).toBe(200);
    expect((await as(p).get('/main-api/payments/history')).json().total).toBe(1);
  });

  it('asks the deposit-limit policy before accepting a deposit', async () => {
    const refused: unknown[] = [];
    await withTestApp(
      {
        env: { PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET },
        depositPolicies: [
          {
            check: async (playerId: string, amountMinor: bigint, currency: string) => {
              refused.push([typeof playerId, amountMinor, currency]);
              if (amountMinor > 5000n) throw badRequest('LIMITS_DEPOSIT_REACHED', 'amount: over your deposit limit');
            },
          },
        ],
      },
      async (limited) => {
        const p = await signUpPlayer(limited, { email: 'limit@example.com' });
        expect((await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 50 })).statusCode).toBe(
          200,
        );
        expect((await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 50.01 })).statusCode).toBe(
          400,
        );
        expect(refused).toEqual([
          ['string', 5000n, 'USD'],
          ['string', 5001n, 'USD'],
        ]);
        expect((await as(p).get('/main-api/payments/history')).json().total).toBe(1);
      },
    );
  });

  it('asks every deposit policy in order; the first refusal stops the deposit and the policies after it', async () => {
    const asked: string[] = [];
    const policy = (name: string, refuses: boolean) => ({
      check: async () => {
        asked.push(name);
        if (refuses) throw badRequest('LIMITS_DEPOSIT_REACHED', 'amount: over your deposit limit');
      },
    });
    await withTestApp(
      {
        env: { PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET },
        depositPolicies: [policy('limits', false), policy('kyc', true), policy('bonus', false)],
      },
      async (app) => {
        const p = await signUpPlayer(app, { email: 'policies@example.com' });
        const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 20 });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('LIMITS_DEPOSIT_REACHED');
        expect(asked).toEqual(['limits', 'kyc']);
        expect((await as(p).get('/main-api/payments/history')).json().total).toBe(0);
      },
    );
  });

  it('verifies a processor’s signature over the raw bytes whatever the content type, and knows only its processors', async () => {
    const p = await newPlayer('raw-bytes@example.com');
    const res = await as(p).post('/main-api/payments/deposit', { method: 'sandbox', amount: 12 });
    // whitespace and key order a JSON parser would lose are part of what is signed
    const body = `{ "status": "success",  "payment_id": ${res.json().payment_id}, "event_id": "raw-1" }`;
    const sig = createHmac('sha256', SANDBOX_SECRET).update(body).digest('hex');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/webhook/sandbox',
      headers: { 'content-type': 'text/plain', 'x-signature': sig },
      payload: body,
    });
    expect(ok.json()).toEqual({ applied: true });
    expect((await me(p)).balance).toBe(12);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/webhook/card',
      headers: { 'content-type': 'application/json', 'x-signature': sig },
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('withdrawals', () => {
  it('reserves at once, and the operator approves with a fee, rejects (money back) or marks manual', async () => {
    ops.authorization = `Bearer ${t.secrets.ops}`;
    const p = await newPlayer('cashout@example.com');
    await deposit(p, 100, 'success');
    const tooMuch = await as(p).post('/main-api/payments/cashout', {
      method: 'sandbox',
      amount: 150,
      destination: 'acct-1',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toMatch(/at most 100.00 USD/);

    const w1 = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 30, destination: 'acct-1' })
    ).json();
    expect(w1.status).toBe(0);
    expect(await me(p)).toMatchObject({ balance: 70, sum_available_for_withdraw: 70, pending_withdraws_sum: 30 });
    const w2 = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 20, destination: 'acct-1' })
    ).json();
    const w3 = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 10, destination: 'acct-1' })
    ).json();

    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops-api/withdrawals/${w1.payment_id}/approve`,
      headers: ops,
      payload: { fee: 1.5 },
    });
    expect(approve.json()).toMatchObject({ status: 2, fee: 1.5 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/ops-api/withdrawals/${w1.payment_id}/reject`,
          headers: ops,
          payload: { reason: 'late' },
        })
      ).statusCode,
    ).toBe(409);

    const reject = await t.app.inject({
      method: 'POST',
      url: `/ops-api/withdrawals/${w2.payment_id}/reject`,
      headers: ops,
      payload: { reason: 'KYC needed' },
    });
    expect(reject.json()).toMatchObject({ status: 3, reason: 'KYC needed' });
    const manual = await t.app.inject({
      method: 'POST',
      url: `/ops-api/withdrawals/${w3.payment_id}/manual`,
      headers: ops,
    });
    expect(manual.json().status).toBe(4);
    expect(await me(p)).toMatchObject({ balance: 60, pending_withdraws_sum: 10 });

    const history = (await as(p).get('/main-api/payments/history?type=withdrawal')).json();
    expect(history.items.map((i: { status: number }) => i.status)).toEqual([4, 3, 2]);
    const wallet = t.services.wallet;
    const id = String((await me(p)).id);
    const b = (await wallet.balances(id))!;
    expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await wallet.sumEntries(id));
  });

  it('applies a repeated decision once, never returns processed money, and tells the player live', async () => {
    ops.authorization = `Bearer ${t.secrets.ops}`;
    const p = await newPlayer('decide-twice@example.com');
    const id = String((await me(p)).id);
    await deposit(p, 100, 'success');
    const seen: unknown[] = [];
    t.bus.subscribe((e) => {
      if ((e.target as { userId?: string }).userId === id) seen.push(e.message);
    });
    const w = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 40, destination: 'acct' })
    ).json();
    const r = (
      await as(p).post('/main-api/payments/cashout', { method: 'sandbox', amount: 10, destination: 'acct' })
    ).json();
    for (let i = 0; i < 2; i++) {
      const approve = await t.app.inject({
        method: 'POST',
        url: `/ops-api/withdrawals/${w.payment_id}/approve`,
        headers: ops,
        payload: {},
      });
      expect(approve.json()).toMatchObject({ status: 1, fee: 0 });
      const reject = await t.app.inject({
        method: 'POST',
        url: `/ops-api/withdrawals/${r.payment_id}/reject`,
        headers: ops,
        payload: { reason: 'no' },
      });
      expect(reject.json()).toMatchObject({ status: 3 });
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/ops-api/withdrawals/${w.payment_id}/reject`,
          headers: ops,
          payload: { reason: 'undo' },
        })
      ).json(),
    ).toMatchObject({ code: 'CASHBOX_ALREADY_DECIDED' });
    expect(await me(p)).toMatchObject({ balance: 60, pending_withdraws_sum: 0 });
    expect(seen).toContainEqual({
      type: 'payment_status',
      data: expect.objectContaining({ payment_id: w.payment_id, status: 1 }),
    });
    expect(seen).toContainEqual({
      type: 'payment_status',
      data: expect.objectContaining({ payment_id: r.payment_id, status: 3 }),
    });
    expect(seen).toContainEqual({
      type: 'new_balance',
      data: expect.objectContaining({ balance: 60, pending_withdraws_sum: 0 }),
    });
    const b = (await t.services.wallet.balances(id))!;
    expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await t.services.wallet.sumEntries(id));
  });

  it('shows each player only their own payments', async () => {
    const a = await newPlayer('own-a@example.com');
    const b = await newPlayer('own-b@example.com');
    await deposit(a, 5, 'success');
    expect((await as(b).get('/main-api/payments/history')).json().total).toBe(0);
    expect((await t.app.inject({ url: '/main-api/payments/history' })).statusCode).toBe(401);
  });
});
