import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import type { ChainTransaction } from './ton';

// The operator's side of TON deposits the watcher could not settle by itself: an underpayment is held for review,
// a transfer naming no open deposit is recorded. The watcher's apply() is fed final transactions directly.
const t = useTestApp({ env: { TON_RATES: 'USD:5.2' } });
const ops = { authorization: '' };
beforeAll(() => {
  ops.authorization = `Bearer ${t.secrets.ops}`;
});

let lt = 5000;
function transfer(comment: string, valueNano: bigint): ChainTransaction {
  lt += 3;
  return {
    hash: `review-${lt}`,
    lt: String(lt),
    mc_block_seqno: 50_000_000 + lt,
    in_msg: {
      source: '0:' + '22'.repeat(32),
      value: valueNano.toString(),
      bounced: false,
      opcode: '0x00000000',
      message_content: { decoded: { type: 'text_comment', comment } },
    },
    description: { aborted: false, compute_ph: { success: true } },
  };
}
const newPlayer = (email: string) => signUpPlayer(t, { email, currency: 'USD' });
const balance = async (p: Player) => (await as(p).get('/main-api/users/me')).json().balance as number;
async function underpaidDeposit(p: Player, amount: number, shortByNano: bigint) {
  const dep = (
    await as(p).post('/main-api/payments/deposit', { method: 'ton', amount, client_type: 'telegram' })
  ).json();
  const tx = transfer(dep.ton.comment, BigInt(dep.ton.amount_nano) - shortByNano);
  expect(await t.services.tonWatcher!.apply(tx)).toBe('underpaid');
  return { id: dep.payment_id as number, tx, expectedNano: dep.ton.amount_nano as string };
}
const held = async () => (await t.app.inject({ url: '/ops-api/ton/held', headers: ops })).json();

describe('TON deposits held for review', () => {
  it('lists underpaid deposits with what was asked and what arrived, and transfers that named no deposit', async () => {
    const p = await newPlayer('held-list@example.com');
    const dep = await underpaidDeposit(p, 10, 1_000_000n);
    const stranger = transfer('dep:ffffffffffff', 2_000_000_000n);
    expect(await t.services.tonWatcher!.apply(stranger)).toBe('unmatched');
    const list = await held();
    expect(list.deposits).toContainEqual(
      expect.objectContaining({
        id: dep.id,
        status: 4,
        amount: 10,
        currency: 'USD',
        reason: expect.stringMatching(/^underpaid/),
        ton: expect.objectContaining({
          expected_nano: dep.expectedNano,
          received_nano: (BigInt(dep.expectedNano) - 1_000_000n).toString(),
          tx_hash: dep.tx.hash,
        }),
      }),
    );
    expect(list.transfers).toContainEqual(
      expect.objectContaining({
        hash: stranger.hash,
        outcome: 'unmatched',
        value_nano: '2000000000',
        comment: 'dep:ffffffffffff',
        payment_id: null,
      }),
    );
    expect((await t.app.inject({ url: '/ops-api/ton/held' })).statusCode).toBe(401);
  });

  it('credits what arrived at the locked rate, once, live, however often the operator repeats it', async () => {
    const p = await newPlayer('held-credit@example.com');
    const dep = await underpaidDeposit(p, 10, 192_307_693n); // 0.192307693 TON short: 1.730769231 TON arrived = 9.00 USD at 5.2
    const seen: unknown[] = [];
    t.bus.subscribe((e) => seen.push(e.message));
    const first = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/credit`,
      headers: ops,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: dep.id, status: 1, amount: 9 });
    expect(await balance(p)).toBe(9);
    expect(seen).toContainEqual({
      type: 'payment_status',
      data: expect.objectContaining({ payment_id: dep.id, status: 1 }),
    });
    expect(seen).toContainEqual({ type: 'new_balance', data: expect.objectContaining({ balance: 9 }) });

    const again = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/credit`,
      headers: ops,
      payload: {},
    });
    expect(again.json()).toMatchObject({ status: 1, amount: 9 });
    expect(await balance(p)).toBe(9);
    expect((await held()).deposits.map((d: { id: number }) => d.id)).not.toContain(dep.id);
    // a credited deposit cannot be rejected afterwards
    const reject = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/reject`,
      headers: ops,
      payload: { reason: 'too late' },
    });
    expect(reject.statusCode).toBe(409);
    expect(await balance(p)).toBe(9);
  });

  it('credits an amount the operator gives, and refuses a bad one without changing anything', async () => {
    const p = await newPlayer('held-amount@example.com');
    const dep = await underpaidDeposit(p, 20, 1n);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/credit`,
      headers: ops,
      payload: { amount: 19.999 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/decimal places/);
    expect(await balance(p)).toBe(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/credit`,
      headers: ops,
      payload: { amount: 20 },
    });
    expect(ok.json()).toMatchObject({ status: 1, amount: 20 });
    expect(await balance(p)).toBe(20);
  });

  it('rejects a held deposit without crediting it, and refuses to decide one that is not held', async () => {
    const p = await newPlayer('held-reject@example.com');
    const dep = await underpaidDeposit(p, 10, 5_000_000n);
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${dep.id}/reject`,
      headers: ops,
      payload: { reason: 'refunded on chain' },
    });
    expect(res.json()).toMatchObject({ status: 3, reason: 'refunded on chain' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/ops-api/deposits/${dep.id}/reject`,
          headers: ops,
          payload: { reason: 'refunded on chain' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/ops-api/deposits/${dep.id}/credit`, headers: ops, payload: {} }))
        .statusCode,
    ).toBe(409);
    expect(await balance(p)).toBe(0);

    const open = (
      await as(p).post('/main-api/payments/deposit', { method: 'ton', amount: 5, client_type: 'telegram' })
    ).json();
    const notHeld = await t.app.inject({
      method: 'POST',
      url: `/ops-api/deposits/${open.payment_id}/credit`,
      headers: ops,
      payload: {},
    });
    expect(notHeld.statusCode).toBe(409);
    expect(notHeld.json().detail).toMatch(/not held for review/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/ops-api/deposits/999999/credit', headers: ops, payload: {} }))
        .statusCode,
    ).toBe(404);
    expect(await balance(p)).toBe(0);
  });
});

describe('npm run ops for held TON deposits', () => {
  it('lists them and credits one from the command line', async () => {
    const p = await newPlayer('held-cli@example.com');
    const dep = await underpaidDeposit(p, 10, 1n);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const runOps = (...args: string[]) =>
      promisify(execFile)('node_modules/.bin/tsx', ['scripts/ops.ts', ...args], {
        env: { ...process.env, OPS_URL: address, OPS_TOKEN: t.secrets.ops },
      });
    const list = JSON.parse((await runOps('ton-held')).stdout);
    expect(list.deposits.map((d: { id: number }) => d.id)).toContain(dep.id);
    const credited = JSON.parse((await runOps('credit-deposit', String(dep.id), '10')).stdout);
    expect(credited).toMatchObject({ id: dep.id, status: 'processed', amount: 10 }); // the CLI prints statuses by name
    expect(await balance(p)).toBe(10);
    await expect(runOps('reject-deposit', String(dep.id))).rejects.toMatchObject({ code: 2 }); // no reason: usage
  });
});
