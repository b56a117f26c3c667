import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signProviderBody } from './provider.routes';

// Certification-style checks of the seamless-wallet gateway, driven as an outside aggregator would: signed JSON over
// HTTP (SoftSwiss GCP shape), amounts in minor units.
const SECRET = 'aggregator-secret-0123456789';
let t: TestApp;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  const provider = await t.db.insertInto('games_providers').values({ string_id: 'acme', name: 'Acme Slots', secret: SECRET }).returning('id').executeTakeFirstOrThrow();
  const game = await t.db
    .insertInto('games_games')
    .values({ string_id: 'acme-fruits', name: 'Acme Fruits', provider_id: provider.id, image: null, house_game: null, rtp: '96.00', launch_url: 'https://games.acme.test/launch' })
    .returning('id')
    .executeTakeFirstOrThrow();
  gameId = game.id;
});
afterAll(async () => {
  await t.close();
});

async function newPlayer(email: string, depositMinor: bigint) {
  const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/signup', payload: { email, password: 'correct horse', currency: 'USD', accept_terms: true } });
  const headers = { authorization: `Bearer ${res.json().access_token as string}` };
  const me = (await t.app.inject({ url: '/main-api/users/me', headers })).json();
  if (depositMinor > 0n) await t.services.wallet.creditDeposit({ playerId: String(me.id), currency: 'USD', key: `dep:${me.id}` }, depositMinor);
  const launch = (await t.app.inject({ url: '/main-api/games/session_url/acme-fruits/?language=en', headers })).json();
  expect(launch.url).toMatch(/^https:\/\/games\.acme\.test\/launch\?token=/);
  const token = new URL(launch.url).searchParams.get('token')!;
  return { id: String(me.id), headers, token };
}
async function call(path: string, body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({ method: 'POST', url: `/gateway-api/acme/${path}`, headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, secret) }, payload: raw });
  return { status: res.statusCode, body: res.json() };
}
const bet = (token: string, round: string, actionId: string, amount: number, finished = false) =>
  call('play', { session_id: token, currency: 'USD', game_id: round, finished, actions: [{ action: 'bet', action_id: actionId, amount }] });
const win = (token: string, round: string, actionId: string, amount: number, finished = true) =>
  call('play', { session_id: token, currency: 'USD', game_id: round, finished, actions: [{ action: 'win', action_id: actionId, amount }] });
const rollback = (round: string, actionId: string, original: string) => call('rollback', { game_id: round, actions: [{ action: 'rollback', action_id: actionId, original_action_id: original }] });
const realBalance = async (id: string) => (await t.services.wallet.balances(id))!.real;

describe('the game gateway, as a provider calls it', () => {
  it('authenticates a launch token into player, currency and balance', async () => {
    const p = await newPlayer('auth@gw.test', 5000n);
    expect(await call('authenticate', { session_id: p.token })).toEqual({ status: 200, body: { user_id: p.id, currency: 'USD', balance: 5000 } });
    expect((await call('authenticate', { session_id: 'not-a-token-at-all' })).body).toMatchObject({ code: 101 });
  });

  it('refuses a bad or missing signature before anything happens', async () => {
    const p = await newPlayer('sig@gw.test', 5000n);
    const forged = await call('play', { session_id: p.token, currency: 'USD', game_id: 'r-sig', actions: [{ action: 'bet', action_id: 'sig-1', amount: 100 }] }, 'wrong-secret');
    expect(forged.status).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: '/gateway-api/acme/balance', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ session_id: p.token }) });
    expect(unsigned.statusCode).toBe(403);
    // the signature covers the exact bytes: re-serialised JSON with the same meaning does not pass
    const raw = JSON.stringify({ session_id: p.token });
    const spaced = await t.app.inject({ method: 'POST', url: '/gateway-api/acme/balance', headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, SECRET) }, payload: `${raw} ` });
    expect(spaced.statusCode).toBe(403);
    expect(await realBalance(p.id)).toBe(5000n);
  });

  it('a duplicate bet debits once and answers the first result with the current balance', async () => {
    const p = await newPlayer('dup-bet@gw.test', 5000n);
    const first = await bet(p.token, 'r-dup', 'dup-bet-1', 700);
    const again = await bet(p.token, 'r-dup', 'dup-bet-1', 700);
    expect(first).toMatchObject({ status: 200, body: { balance: 4300 } });
    expect(again).toMatchObject({ status: 200, body: { balance: 4300, transactions: [{ action_id: 'dup-bet-1', tx_id: first.body.transactions[0].tx_id }] } });
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
    expect((await win(p.token, 'r-unknown', 'win-2', 100)).body).toMatchObject({ code: 107, reason: 'GATEWAY_BET_NOT_FOUND' });
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
    await t.services.wallet.creditBonus({ playerId: p.id, currency: 'USD', key: `bonus:${p.id}` }, 500n);
    const placed = await bet(p.token, 'r-rb', 'rb-bet-1', 600); // 300 real + 300 bonus
    expect(placed.body.balance).toBe(200);
    const first = await rollback('r-rb', 'rb-2', 'rb-bet-1');
    const second = await rollback('r-rb', 'rb-3', 'rb-bet-1'); // another rollback id for the same bet
    expect(first.body.balance).toBe(800);
    expect(second.body.balance).toBe(800);
    expect(await t.services.wallet.balances(p.id)).toMatchObject({ real: 300n, bonus: 500n });
    const history = (await t.app.inject({ url: `/int-api/game_sessions/${p.id}/history`, headers: p.headers })).json();
    expect(history.items[0]).toMatchObject({ status: 'rolled_back', bet_amount: 0 });
  });

  it('wins on bonus-funded stakes go to the bonus balance in the same proportion', async () => {
    const p = await newPlayer('split@gw.test', 100n);
    await t.services.wallet.creditBonus({ playerId: p.id, currency: 'USD', key: `bonus:${p.id}` }, 300n);
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
    const wrong = await call('play', { session_id: p.token, currency: 'EUR', game_id: 'r-eur', actions: [{ action: 'bet', action_id: 'eur-1', amount: 100 }] });
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
    await t.db.updateTable('games_sessions').set({ launch_expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', t.services.gateway.hashToken(p.token)).execute();
    expect((await call('authenticate', { session_id: p.token })).body).toMatchObject({ code: 101, reason: 'GATEWAY_SESSION_EXPIRED' });
    const demo = (await t.app.inject({ url: '/main-api/games/session_url/acme-fruits/?demo_flag=true', headers: p.headers })).json();
    const demoToken = new URL(demo.url).searchParams.get('token')!;
    expect((await bet(demoToken, 'r-demo', 'demo-1', 500)).body.balance).toBe(99_500); // 1000.00 demo credits
    expect(await realBalance(p.id)).toBe(1000n);
    void gameId;
  });
});
