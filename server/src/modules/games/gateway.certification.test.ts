import { beforeAll, describe, expect, it } from 'vitest';
import { addProviderGame, as, launchGame, signUpPlayer, unfinishedGameWork, useTestApp } from '../../../test/fixtures';
import { usingPostgres } from '../../../test/test-database';
import { INTERRUPTED } from './gateway.service';
import { signProviderBody } from './provider.routes';

// Certification-style checks of the seamless-wallet gateway, driven as an outside aggregator would: signed JSON over
// HTTP (SoftSwiss GCP shape), amounts in minor units.
const SECRET = 'aggregator-secret-0123456789';
let gameId: number;
const t = useTestApp();
beforeAll(async () => {
  ({ gameId } = await addProviderGame(t.db, { provider: 'acme', secret: SECRET, game: 'acme-fruits' }));
});

/** A player with `depositMinor` cents and the provider's game launched; `token` is the game session's token. */
async function newPlayer(email: string, depositMinor: bigint) {
  const p = await signUpPlayer(t, { email, currency: 'USD', deposit: Number(depositMinor) / 100 });
  const game = await launchGame(p, 'acme-fruits');
  expect(game.body.url).toMatch(/^https:\/\/games\.acme\.test\/launch\?token=/);
  return { ...p, token: game.token };
}
async function call(path: string, body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/gateway-api/acme/${path}`,
    headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, secret) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
const bet = (token: string, round: string, actionId: string, amount: number, finished = false) =>
  call('play', {
    session_id: token,
    currency: 'USD',
    game_id: round,
    finished,
    actions: [{ action: 'bet', action_id: actionId, amount }],
  });
const win = (token: string, round: string, actionId: string, amount: number, finished = true) =>
  call('play', {
    session_id: token,
    currency: 'USD',
    game_id: round,
    finished,
    actions: [{ action: 'win', action_id: actionId, amount }],
  });
const rollback = (round: string, actionId: string, original: string) =>
  call('rollback', {
    game_id: round,
    actions: [{ action: 'rollback', action_id: actionId, original_action_id: original }],
  });
const realBalance = async (id: string) => (await t.services.wallet.balances(id))!.real;

describe('the game gateway, as a provider calls it', () => {
  it('authenticates a launch token into player, currency and balance', async () => {
    const p = await newPlayer('auth@gw.test', 5000n);
    expect(await call('authenticate', { session_id: p.token })).toEqual({
      status: 200,
      body: { user_id: p.id, currency: 'USD', balance: 5000 },
    });
    expect((await call('authenticate', { session_id: 'not-a-token-at-all' })).body).toMatchObject({ code: 101 });
  });

  it('refuses a bad or missing signature before anything happens', async () => {
    const p = await newPlayer('sig@gw.test', 5000n);
    const forged = await call(
      'play',
      {
        session_id: p.token,
        currency: 'USD',
        game_id: 'r-sig',
        actions: [{ action: 'bet', action_id: 'sig-1', amount: 100 }],
      },
      'wrong-secret',
    );
    expect(forged.status).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/gateway-api/acme/balance',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ session_id: p.token }),
    });
    expect(unsigned.statusCode).toBe(403);
    // the signature covers the exact bytes: re-serialised JSON with the same meaning does not pass
    const raw = JSON.stringify({ session_id: p.token });
    const spaced = await t.app.inject({
      method: 'POST',
      url: '/gateway-api/acme/balance',
      headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, SECRET) },
      payload: `${raw} `,
    });
    expect(spaced.statusCode).toBe(403);
    expect(await realBalance(p.id)).toBe(5000n);
  });

  it('a duplicate bet debits once and answers the first result with the current balance', async () => {
    const p = await newPlayer('dup-bet@gw.test', 5000n);
    const first = await bet(p.token, 'r-dup', 'dup-bet-1', 700);
    const again = await bet(p.token, 'r-dup', 'dup-bet-1', 700);
    expect(first).toMatchObject({ status: 200, body: { balance: 4300 } });
    expect(again).toMatchObject({
      status: 200,
      body: { balance: 4300, transactions: [{ action_id: 'dup-bet-1', tx_id: first.body.transactions[0].tx_id }] },
    });
    expect(await realBalance(p.id)).toBe(4300n);
  });

  it('a duplicate win credits once; a win for an unknown round or a settled one is refused', async () => {
    const p = await newPlayer('dup-win@gw.test', 5000n);
    await bet(p.token, 'r-win', 'win-bet-1', 1000);
    const first = await win(p.token, 'r-win', 'win-1', 2500);
    const again = await win(p.token, 'r-win', 'win-1', 2500);
    expect(first.body.balance).toBe(6500);
    expect(again).toMatchObject({ status: 200, body: { balance: 6500 } });
    expect(await realBalance(p.id)).toBe(6500n);
    expect((await win(p.token, 'r-unknown', 'win-2', 100)).body).toMatchObject({
      code: 107,
      reason: 'GATEWAY_BET_NOT_FOUND',
    });
    expect((await win(p.token, 'r-win', 'win-3', 100)).body).toMatchObject({ reason: 'GATEWAY_BET_SETTLED' });
  });

  it('a rollback of an unknown transaction succeeds and leaves a tombstone: the late bet is refused', async () => {
    const p = await newPlayer('tomb@gw.test', 5000n);
    expect((await rollback('r-tomb', 'rb-1', 'late-bet-1')).status).toBe(200);
    const late = await bet(p.token, 'r-tomb', 'late-bet-1', 500);
    expect(late).toMatchObject({ status: 412, body: { reason: 'GATEWAY_BET_ROLLED_BACK' } });
    expect(await realBalance(p.id)).toBe(5000n);
    // the rollback itself is idempotent
    expect((await rollback('r-tomb', 'rb-1', 'late-bet-1')).status).toBe(200);
  });

  it('a rollback after the bet refunds its exact split once, and the round shows as rolled back', async () => {
    const p = await newPlayer('rb@gw.test', 300n);
    await t.services.wallet.post({ playerId: p.id, currency: 'USD', key: `bonus:${p.id}` }, 'bonus_grant', 500n);
    const placed = await bet(p.token, 'r-rb', 'rb-bet-1', 600); // 300 real + 300 bonus
    expect(placed.body.balance).toBe(200);
    const first = await rollback('r-rb', 'rb-2', 'rb-bet-1');
    const second = await rollback('r-rb', 'rb-3', 'rb-bet-1'); // another rollback id for the same bet
    expect(first.body.balance).toBe(800);
    expect(second.body.balance).toBe(800);
    expect(await t.services.wallet.balances(p.id)).toMatchObject({ real: 300n, bonus: 500n });
    const history = (await as(p).get(`/int-api/game_sessions/${p.id}/history`)).json();
    expect(history.items[0]).toMatchObject({ status: 'rolled_back', bet_amount: 0 });
  });

  it('wins on bonus-funded stakes go to the bonus balance in the same proportion', async () => {
    const p = await newPlayer('split@gw.test', 100n);
    await t.services.wallet.post({ playerId: p.id, currency: 'USD', key: `bonus:${p.id}` }, 'bonus_grant', 300n);
    await bet(p.token, 'r-split', 'split-bet', 400); // 100 real + 300 bonus
    await win(p.token, 'r-split', 'split-win', 800);
    expect(await t.services.wallet.balances(p.id)).toMatchObject({ real: 200n, bonus: 600n });
  });

  it('insufficient funds: refused with code 100, nothing moves, and the repeat is refused the same way', async () => {
    const p = await newPlayer('poor@gw.test', 100n);
    const refused = await bet(p.token, 'r-poor', 'poor-1', 101);
    expect(refused).toMatchObject({ status: 412, body: { code: 100 } });
    expect((await bet(p.token, 'r-poor', 'poor-1', 101)).body).toMatchObject({ code: 100 });
    expect(await realBalance(p.id)).toBe(100n);
  });

  it('wrong currency is refused with code 154', async () => {
    const p = await newPlayer('eur@gw.test', 1000n);
    const wrong = await call('play', {
      session_id: p.token,
      currency: 'EUR',
      game_id: 'r-eur',
      actions: [{ action: 'bet', action_id: 'eur-1', amount: 100 }],
    });
    expect(wrong).toMatchObject({ status: 412, body: { code: 154 } });
    expect(await realBalance(p.id)).toBe(1000n);
  });

  it('a win after the session ended is still paid; a bet is not', async () => {
    const p = await newPlayer('late-win@gw.test', 1000n);
    await bet(p.token, 'r-late', 'late-b', 400, false);
    const session = await t.services.gateway.sessionForToken(p.token);
    await t.services.gateway.endSession(session);
    expect((await bet(p.token, 'r-late2', 'late-b2', 100)).body).toMatchObject({ code: 101 });
    const paid = await win(p.token, 'r-late', 'late-w', 900);
    expect(paid).toMatchObject({ status: 200, body: { balance: 1500 } });
  });

  it('launch tokens expire unless authenticated within five minutes, and demo sessions cannot move money', async () => {
    const p = await newPlayer('expiry@gw.test', 1000n);
    await t.db
      .updateTable('games_sessions')
      .set({ launch_expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', t.services.gateway.hashToken(p.token))
      .execute();
    expect((await call('authenticate', { session_id: p.token })).body).toMatchObject({
      code: 101,
      reason: 'GATEWAY_SESSION_EXPIRED',
    });
    const demo = (await as(p).get('/main-api/games/session_url/acme-fruits/?demo_flag=true')).json();
    const demoToken = new URL(demo.url).searchParams.get('token')!;
    expect((await bet(demoToken, 'r-demo', 'demo-1', 500)).body.balance).toBe(99_500); // 1000.00 demo credits
    expect(await realBalance(p.id)).toBe(1000n);
    void gameId;
  });
});

// Issue 13, item 3 and the gateway part of 4: what a process killed half-way left (made here directly in the
// database, as kill -9 would leave it) is finished or reversed by the provider's retry or the recovery sweep.
describe('the game gateway after a crash', () => {
  const providerId = async () =>
    (await t.db.selectFrom('games_providers').select('id').where('string_id', '=', 'acme').executeTakeFirstOrThrow())
      .id;
  const tx = async (providerTxId: string) =>
    t.db
      .selectFrom('games_transactions')
      .selectAll()
      .where('provider_tx_id', '=', providerTxId)
      .where('provider_id', '=', await providerId())
      .executeTakeFirstOrThrow();
  const round = async (ref: string) =>
    t.db.selectFrom('games_rounds').selectAll().where('round_ref', '=', ref).executeTakeFirstOrThrow();
  const backdate = (providerTxId: string) =>
    t.db
      .updateTable('games_transactions')
      .set({ created_at: new Date(Date.now() - 10 * 60_000) })
      .where('provider_tx_id', '=', providerTxId)
      .execute();
  async function consistent(id: string) {
    const b = (await t.services.wallet.balances(id))!;
    expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await t.services.wallet.sumEntries(id));
  }

  it('a rollback claimed but never refunded is refunded by the provider’s retry and by the sweep', async () => {
    const p = await newPlayer('crash-rb@gw.test', 5000n);
    await bet(p.token, 'r-crash-rb', 'crb-1', 700);
    await bet(p.token, 'r-crash-rb2', 'crb-2', 300);
    // killed after the claim: the rollback's record and the bet's mark committed, the refund not
    const first = await tx('crb-1');
    await t.db
      .insertInto('games_transactions')
      .values({
        provider_id: await providerId(),
        provider_tx_id: 'crb-rb',
        kind: 'rollback',
        original_tx_id: 'crb-1',
        round_id: first.round_id,
        player_id: p.id,
        result: 'ok',
      })
      .execute();
    await t.db
      .updateTable('games_transactions')
      .set({ rolled_back: true })
      .where('provider_tx_id', 'in', ['crb-1', 'crb-2'])
      .execute();
    expect(await realBalance(p.id)).toBe(4000n);
    const retry = await rollback('r-crash-rb', 'crb-rb', 'crb-1');
    expect(retry).toMatchObject({ status: 200, body: { balance: 4700 } });
    expect(await t.services.gateway.recoverHalfDone()).toBeGreaterThanOrEqual(1); // crb-2, no retry came
    expect(await realBalance(p.id)).toBe(5000n);
    await t.services.gateway.recoverHalfDone();
    expect((await rollback('r-crash-rb', 'crb-rb', 'crb-1')).body.balance).toBe(5000);
    expect(await realBalance(p.id)).toBe(5000n);
    await consistent(p.id);
  });

  it('the sweep fails a bet whose debit never ran and settles one whose debit did; a retry answers the outcome', async () => {
    const p = await newPlayer('crash-bet@gw.test', 5000n);
    const { session } = await t.services.gateway.authenticate(p.token);
    const provider = await providerId();
    const record = (ref: string, id: string, amount: bigint) =>
      t.services.gamesRepo.insertBet({
        provider_id: provider,
        round_ref: ref,
        session_id: session.id,
        player_id: p.id,
        game_id: session.gameId,
        currency: 'USD',
        demo: false,
        provider_tx_id: id,
        amount,
        details: undefined,
      });
    await record('r-crash-b1', 'cb-1', 400n); // killed before the debit
    const debited = await record('r-crash-b2', 'cb-2', 600n); // killed after the debit, before its record
    await t.services.wallet.debitBet(
      {
        playerId: p.id,
        currency: 'USD',
        key: `game:${provider}:cb-2`,
        reference: { type: 'game_tx', id: debited.tx_id! },
      },
      600n,
    );
    await t.services.gateway.recoverHalfDone(); // within the recovery window: a call may still be running
    expect((await tx('cb-1')).result).toBe('pending');
    await backdate('cb-1');
    await backdate('cb-2');
    expect(await t.services.gateway.recoverHalfDone()).toBeGreaterThanOrEqual(2);
    expect(await tx('cb-1')).toMatchObject({ result: INTERRUPTED });
    expect(await round('r-crash-b1')).toMatchObject({ status: 'rolled_back', bet_minor: '0' });
    expect(await tx('cb-2')).toMatchObject({ result: 'ok', real_minor: '600' });
    expect(await round('r-crash-b2')).toMatchObject({ status: 'open', bet_minor: '600' });
    expect(await realBalance(p.id)).toBe(4400n);
    expect((await bet(p.token, 'r-crash-b1', 'cb-1', 400)).status).not.toBe(200);
    expect(await bet(p.token, 'r-crash-b2', 'cb-2', 600)).toMatchObject({ status: 200, body: { balance: 4400 } });
    expect(await realBalance(p.id)).toBe(4400n);
    await consistent(p.id);
  });

  it('the sweep pays a win left pending, once', async () => {
    const p = await newPlayer('crash-win@gw.test', 5000n);
    await bet(p.token, 'r-crash-w', 'cw-bet', 1000);
    await t.services.gamesRepo.insertWin({
      provider_id: await providerId(),
      round_ref: 'r-crash-w',
      provider_tx_id: 'cw-win',
      amount: 2500n,
    }); // killed before the credit
    await backdate('cw-win');
    expect(await t.services.gateway.recoverHalfDone()).toBeGreaterThanOrEqual(1);
    expect(await tx('cw-win')).toMatchObject({ result: 'ok' });
    expect(await realBalance(p.id)).toBe(6500n);
    expect(await win(p.token, 'r-crash-w', 'cw-win', 2500, false)).toMatchObject({
      status: 200,
      body: { balance: 6500 },
    });
    expect(await realBalance(p.id)).toBe(6500n);
    await consistent(p.id);
  });

  it('a refused bet leaves no pending transaction and no open zero-stake round', async () => {
    const p = await newPlayer('refused@gw.test', 100n);
    expect((await bet(p.token, 'r-refused', 'ref-1', 101)).body).toMatchObject({ code: 100 });
    expect(await tx('ref-1')).toMatchObject({ result: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await round('r-refused')).toMatchObject({ status: 'rolled_back', bet_minor: '0' });
    expect((await unfinishedGameWork(p)).pending).toEqual([]);
  });
});

describe.skipIf(!usingPostgres())('rollbacks racing their bets (PostgreSQL)', () => {
  it('a bet rolled back while its debit runs is either refunded or never debited', async () => {
    const p = await newPlayer('race-rb@gw.test', 100_000n);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const placing = bet(p.token, `r-race-rb-${i}`, `rr-bet-${i}`, 100);
        // the rollback arrives once the bet is recorded, while its debit runs (or just after)
        for (let tries = 0; tries < 2000; tries++) {
          const seen = await t.db
            .selectFrom('games_transactions')
            .select('id')
            .where('provider_tx_id', '=', `rr-bet-${i}`)
            .executeTakeFirst();
          if (seen) break;
        }
        const [placed, undone] = await Promise.all([placing, rollback(`r-race-rb-${i}`, `rr-rb-${i}`, `rr-bet-${i}`)]);
        return Math.max(placed.status, undone.status);
      }),
    );
    expect(attempts.filter((s) => s >= 500)).toEqual([]);
    const bets = await t.db
      .selectFrom('games_transactions')
      .select(['provider_id', 'provider_tx_id', 'result', 'rolled_back'])
      .where('provider_tx_id', 'like', 'rr-bet-%')
      .execute();
    expect(bets.filter((b) => b.result === 'pending')).toEqual([]);
    for (const b of bets) {
      const debit = await t.services.wallet.entry(`game:${b.provider_id}:${b.provider_tx_id}`);
      const refund = await t.services.wallet.entry(`game:${b.provider_id}:rollback:${b.provider_tx_id}`);
      // every bet was rolled back: what was taken came back, exactly once
      expect(b.rolled_back).toBe(true);
      expect(!!refund).toBe(!!debit);
    }
    expect(await realBalance(p.id)).toBe(100_000n);
  }, 180_000);
});

describe.skipIf(!usingPostgres())('the house bet statement racing deposits (PostgreSQL)', () => {
  it('never answers a false CHECK violation: balances equal their entries', async () => {
    const p = await newPlayer('race-house@gw.test', 0n);
    const { session } = await t.services.gateway.authenticate(p.token);
    const provider = (
      await t.db.selectFrom('games_providers').select('id').where('string_id', '=', 'acme').executeTakeFirstOrThrow()
    ).id;
    const tasks: Array<Promise<unknown>> = [];
    for (let i = 0; i < 80; i++) {
      tasks.push(t.services.wallet.creditDeposit({ playerId: p.id, currency: 'USD', key: `race-h-dep-${i}` }, 100n));
      tasks.push(
        t.services.gateway.betWin(session, {
          providerId: provider,
          txId: `race-h-${i}:bet`,
          winTxId: `race-h-${i}:win`,
          roundRef: `race-h-${i}`,
          amount: 100n,
          payout: i % 3 ? 0n : 150n,
        }),
      );
    }
    const results = await Promise.allSettled(tasks);
    const unexpected = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as { code?: string; message?: string })
      .filter((e) => e.code !== 'WALLET_INSUFFICIENT_FUNDS')
      .map((e) => `${e.code}: ${e.message}`);
    expect(unexpected).toEqual([]);
    const b = (await t.services.wallet.balances(p.id))!;
    expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await t.services.wallet.sumEntries(p.id));
  });
});
