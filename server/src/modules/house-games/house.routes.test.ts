import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diceOutcome, floatsFor, minePositions, sha256Hex, slotsOutcome } from '@contracts/fairness';
import { houseBetResult } from '@contracts/games';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Auth = { headers: Record<string, string>; id: string };
async function newPlayer(email: string, deposit = 0): Promise<Auth> {
  const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/signup', payload: { email, password: 'correct horse', currency: 'USD', accept_terms: true } });
  const token = res.json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const me = (await t.app.inject({ url: '/main-api/users/me', headers })).json();
  if (deposit > 0) await t.services.wallet.creditDeposit({ playerId: String(me.id), currency: 'USD', key: `test-deposit:${me.id}` }, BigInt(Math.round(deposit * 100)));
  return { headers, id: String(me.id) };
}
async function launch(p: Auth, game: string, demo = false) {
  const res = await t.app.inject({ url: `/main-api/games/session_url/house-${game}/?language=en&demo_flag=${demo}&client_type=web`, headers: p.headers });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const token = new URL(body.url, 'http://x').searchParams.get('token')!;
  return { token, body, headers: { 'x-game-token': token } };
}
const balance = async (p: Auth) => (await t.app.inject({ url: '/main-api/users/me', headers: p.headers })).json().balance as number;

describe('house games through the gateway', () => {
  it('plays a dice bet that the browser verifier reproduces, and the balance moves by stake and payout', async () => {
    const p = await newPlayer('dice@example.com', 100);
    const g = await launch(p, 'dice');
    expect(g.body).toMatchObject({ string_id: 'house-dice', is_house: true, demo: false });
    const session = (await t.app.inject({ url: '/house-api/session', headers: g.headers })).json();
    expect(session).toMatchObject({ game: 'dice', demo: false, currency: 'USD', balance: 100, fairness: { nonce: 0 } });
    const res = await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 10, params: { direction: 'over', target: 5050 } } });
    expect(res.statusCode).toBe(200);
    const bet = res.json();
    // the answer is written without zod (house.routes.ts): byte for byte what zod's serializer would write
    expect(JSON.stringify(houseBetResult.parse(bet))).toBe(res.body);
    expect(bet.nonce).toBe(0);
    expect(bet.fairness.nonce).toBe(1);
    expect(bet.balance).toBeCloseTo(100 - 10 + bet.payout, 6);
    expect(await balance(p)).toBeCloseTo(bet.balance, 6);

    // rotate: the revealed seed matches the hash shown before play and recomputes the roll in "the browser" (WebCrypto)
    const rotation = (await t.app.inject({ method: 'POST', url: '/house-api/seeds/rotate', headers: g.headers })).json();
    expect(await sha256Hex(rotation.revealed.server_seed)).toBe(session.fairness.server_seed_hash);
    const floats = await floatsFor(rotation.revealed.server_seed, rotation.revealed.client_seed, 0, 1);
    expect(diceOutcome(floats, { direction: 'over', target: 5050 }).roll).toBe(bet.outcome.roll);
    expect(rotation.fairness.nonce).toBe(0);
    expect(rotation.fairness.server_seed_hash).not.toBe(session.fairness.server_seed_hash);

    // the bets history shows the round with its proof, now with the revealed seed
    const history = (await t.app.inject({ url: `/int-api/game_sessions/${p.id}/history`, headers: p.headers })).json();
    expect(history).toMatchObject({ total: 1, page: 1, size: 50 });
    expect(history.items[0]).toMatchObject({ game_string_id: 'house-dice', bet_amount: 10, win_amount: bet.payout, status: 'closed' });
    const details = (await t.app.inject({ url: `/int-api/spins/${history.items[0].id}/user`, headers: p.headers })).json();
    expect(details.items.map((i: { type: string }) => i.type)).toEqual(['bet', 'win']);
    expect(details.proof).toMatchObject({ game: 'dice', nonce: 0, server_seed: rotation.revealed.server_seed, client_seed: rotation.revealed.client_seed });
    expect((await t.app.inject({ url: `/int-api/game_sessions/sum_bet_by_user_id/${p.id}`, headers: p.headers })).json()).toBe(10);
  });

  it('sets the client seed, and slots use it', async () => {
    const p = await newPlayer('slots@example.com', 50);
    const g = await launch(p, 'slots');
    const seeded = await t.app.inject({ method: 'POST', url: '/house-api/seeds/client', headers: g.headers, payload: { client_seed: 'my-lucky-seed' } });
    expect(seeded.json()).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0 });
    const spin = (await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'slots', amount: 1 } })).json();
    const rotation = (await t.app.inject({ method: 'POST', url: '/house-api/seeds/rotate', headers: g.headers })).json();
    const expected = slotsOutcome(await floatsFor(rotation.revealed.server_seed, 'my-lucky-seed', 0, 5));
    expect(spin.outcome.window).toEqual(expected.window);
    expect(spin.payout).toBeCloseTo(expected.payoutBp / 10_000, 6);
  });

  it('refuses a bet over the balance, outside the limits, with bad parameters or for another game, and moves nothing', async () => {
    const p = await newPlayer('refuse@example.com', 5);
    const g = await launch(p, 'dice');
    const over = await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 6, params: { direction: 'over', target: 5000 } } });
    expect(over.statusCode).toBe(402);
    expect(over.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const tooBig = await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 5000, params: { direction: 'over', target: 5000 } } });
    expect(tooBig.json().code).toBe('HOUSE_BET_OUT_OF_RANGE');
    const badTarget = await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 100 } } });
    expect(badTarget.statusCode).toBe(422);
    const wrong = await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'limbo', amount: 1, params: { target: 200 } } });
    expect(wrong.json().code).toBe('HOUSE_WRONG_GAME');
    const noToken = await t.app.inject({ method: 'POST', url: '/house-api/bet', payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } } });
    expect(noToken.statusCode).toBe(401);
    expect(await balance(p)).toBe(5);
  });

  it('never uses a nonce twice nor a stale seed, when another instance moved the nonce or the client seed, or bets are simultaneous', async () => {
    const p = await newPlayer('nonce@example.com', 100);
    const g = await launch(p, 'dice');
    const dice = () => t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } } });
    expect((await dice()).json().nonce).toBe(0);
    expect((await dice()).json().nonce).toBe(1); // from the remembered pair, taken in the bet's statement
    // another instance took nonces 2-4 and set a new client seed: this instance's guess fails, and it starts again
    await t.db.updateTable('house_seed_pairs').set({ nonce: '5', client_seed: 'changed-elsewhere' }).where('player_id', '=', p.id).execute();
    const after = (await dice()).json();
    expect(after).toMatchObject({ nonce: 5, fairness: { client_seed: 'changed-elsewhere', nonce: 6 } });
    const pair = await t.db.selectFrom('house_seed_pairs').select('server_seed').where('player_id', '=', p.id).executeTakeFirstOrThrow();
    const floats = await floatsFor(pair.server_seed, 'changed-elsewhere', 5, 1);
    expect(diceOutcome(floats, { direction: 'over', target: 5000 }).roll).toBe(after.outcome.roll);
    // simultaneous bets of one player: each nonce once, taken in the order the bets came (one after another)
    const nonces = (await Promise.all(Array.from({ length: 12 }, dice))).map((r) => r.json().nonce as number);
    expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => 6 + i));
    const rounds = await t.db.selectFrom('games_rounds').select('round_ref').where('player_id', '=', p.id).execute();
    expect(new Set(rounds.map((r) => r.round_ref)).size).toBe(15);
    const final = await t.db.selectFrom('house_seed_pairs').select('nonce').where('player_id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(final.nonce)).toBeGreaterThanOrEqual(18);
  });

  it('refuses a bet once the session has ended, even where the session is still cached (another instance ended it)', async () => {
    const p = await newPlayer('ended@example.com', 5);
    const g = await launch(p, 'dice');
    const dice = () => t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } } });
    expect((await dice()).statusCode).toBe(200);
    const before = await balance(p);
    await t.db.updateTable('games_sessions').set({ ended_at: new Date(Date.now() - 1000) }).where('token_hash', '=', t.services.gateway.hashToken(g.token)).execute();
    const refused = await dice();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('GATEWAY_SESSION_CLOSED');
    expect(await balance(p)).toBe(before);
  });

  it('demo sessions play with demo credits and never touch the balance or the history', async () => {
    const p = await newPlayer('demo@example.com', 3);
    const g = await launch(p, 'limbo', true);
    const session = (await t.app.inject({ url: '/house-api/session', headers: g.headers })).json();
    expect(session).toMatchObject({ demo: true, balance: 1000 });
    const bet = (await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'limbo', amount: 100, params: { target: 200 } } })).json();
    expect(bet.balance).toBeCloseTo(900 + bet.payout, 6);
    expect(await balance(p)).toBe(3);
    expect((await t.app.inject({ url: `/int-api/game_sessions/${p.id}/history`, headers: p.headers })).json().total).toBe(0);
  });

  it('mines: reveal, cash out, bust, and resume after a reload; mine tiles stay hidden until the end', async () => {
    const p = await newPlayer('mines@example.com', 100);
    const g = await launch(p, 'mines');
    const start = (await t.app.inject({ method: 'POST', url: '/house-api/mines/start', headers: g.headers, payload: { amount: 10, mines: 3 } })).json();
    expect(start).toMatchObject({ status: 'open', mines: 3, mine_tiles: null, balance: 90, multiplier_bp: 0 });
    expect((await t.app.inject({ method: 'POST', url: '/house-api/mines/start', headers: g.headers, payload: { amount: 10, mines: 3 } })).statusCode).toBe(409);
    // find the mines through the pair once rotated is impossible while open: rotation is refused
    expect((await t.app.inject({ method: 'POST', url: '/house-api/seeds/rotate', headers: g.headers })).statusCode).toBe(409);
    const session = (await t.app.inject({ url: '/house-api/session', headers: g.headers })).json();
    expect(session.open_round).toMatchObject({ round_id: start.round_id, mines: 3, revealed: [] });
    // reveal tiles in order until one is safe, then cash out (or we bust)
    let state = start;
    for (let tile = 0; tile < 25 && state.status === 'open' && state.revealed.length === 0; tile++) {
      state = (await t.app.inject({ method: 'POST', url: '/house-api/mines/reveal', headers: g.headers, payload: { tile } })).json();
    }
    if (state.status === 'open') {
      expect(state.multiplier_bp).toBeGreaterThan(10_000 * 0.99);
      const cashed = (await t.app.inject({ method: 'POST', url: '/house-api/mines/cashout', headers: g.headers })).json();
      expect(cashed.status).toBe('cashed_out');
      expect(cashed.mine_tiles).toHaveLength(3);
      expect(cashed.balance).toBeCloseTo(90 + cashed.payout, 6);
    } else {
      expect(state.status).toBe('busted');
      expect(state.mine_tiles).toContain(state.revealed.at(-1));
    }
    // the mines were the verifier's
    const rotation = (await t.app.inject({ method: 'POST', url: '/house-api/seeds/rotate', headers: g.headers })).json();
    const tiles = minePositions(await floatsFor(rotation.revealed.server_seed, rotation.revealed.client_seed, 0, 3), { mines: 3 });
    const history = (await t.app.inject({ url: `/int-api/game_sessions/${p.id}/history`, headers: p.headers })).json();
    const details = (await t.app.inject({ url: `/int-api/spins/${history.items[0].id}/user`, headers: p.headers })).json();
    expect(details.proof.outcome.mine_tiles).toEqual(tiles);
  });

  it('roulette settles several bets at once', async () => {
    const p = await newPlayer('roulette@example.com', 100);
    const g = await launch(p, 'roulette');
    const res = await t.app.inject({
      method: 'POST', url: '/house-api/bet', headers: g.headers,
      payload: { game: 'roulette', params: { bets: [{ kind: 'red', amount: 5 }, { kind: 'straight', numbers: [17], amount: 1 }, { kind: 'dozen', index: 2, amount: 2 }] } },
    });
    expect(res.statusCode).toBe(200);
    const bet = res.json();
    expect(JSON.stringify(houseBetResult.parse(bet))).toBe(res.body);
    expect(bet.amount).toBe(8);
    expect(bet.outcome.pocket).toBeGreaterThanOrEqual(0);
    expect(bet.balance).toBeCloseTo(92 + bet.payout, 6);
  });

  it('history and details act only for the caller', async () => {
    const a = await newPlayer('hist-a@example.com', 10);
    const b = await newPlayer('hist-b@example.com', 10);
    const g = await launch(a, 'dice');
    await t.app.inject({ method: 'POST', url: '/house-api/bet', headers: g.headers, payload: { game: 'dice', amount: 1, params: { direction: 'under', target: 5000 } } });
    const history = (await t.app.inject({ url: `/int-api/game_sessions/${a.id}/history`, headers: a.headers })).json();
    expect((await t.app.inject({ url: `/int-api/game_sessions/${a.id}/history`, headers: b.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/int-api/spins/${history.items[0].id}/user`, headers: b.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/int-api/game_sessions/sum_bet_by_user_id/${a.id}`, headers: b.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/int-api/game_sessions/${a.id}/history` })).statusCode).toBe(401);
  });
});

describe('the lobby', () => {
  it('lists blocks per language, providers, filters, favourites and a random demo game', async () => {
    const blocks = (await t.app.inject({ url: '/main-api/games/blocks?language_code=ru' })).json();
    expect(blocks[0]).toMatchObject({ string_id: 'popular', title: 'Популярное' });
    const providers = (await t.app.inject({ url: '/main-api/games/providers' })).json();
    expect(providers).toEqual([expect.objectContaining({ string_id: 'house', games_count: 7 })]);
    const all = (await t.app.inject({ url: '/main-api/games/filter?page=1&size=5' })).json();
    expect(all).toMatchObject({ total: 7, size: 5, page: 1, pages: 2 });
    expect(all.items[0]).not.toHaveProperty('is_favourite');
    const search = (await t.app.inject({ url: '/main-api/games/filter?name=ROUL' })).json();
    expect(search.items.map((g: { string_id: string }) => g.string_id)).toEqual(['house-roulette']);
    const block = (await t.app.inject({ url: '/main-api/games/filter?block_string_id=table' })).json();
    expect(block.items.map((g: { string_id: string }) => g.string_id)).toEqual(['house-slots', 'house-roulette']);
    const random = (await t.app.inject({ url: '/main-api/games/random?currency=USD' })).json();
    expect(random).toMatchObject({ has_demo: true });

    const p = await newPlayer('fav@example.com');
    const dice = all.items.find((g: { string_id: string }) => g.string_id === 'house-dice') ?? (await t.app.inject({ url: '/main-api/games/filter?name=dice' })).json().items[0];
    expect((await t.app.inject({ method: 'POST', url: `/main-api/games/favourites/${dice.id}`, headers: p.headers })).json()).toEqual({ id: dice.id, is_favourite: true });
    const favs = (await t.app.inject({ url: '/main-api/games/my/filter?is_favourite=true&size=50', headers: p.headers })).json();
    expect(favs.items).toEqual([expect.objectContaining({ string_id: 'house-dice', is_favourite: true })]);
    await t.app.inject({ method: 'DELETE', url: `/main-api/games/favourites/${dice.id}`, headers: p.headers });
    expect((await t.app.inject({ url: '/main-api/games/my/filter?is_favourite=true', headers: p.headers })).json().total).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/main-api/games/favourites/99999', headers: p.headers })).statusCode).toBe(404);
    const randomSession = (await t.app.inject({ url: '/main-api/games/session_url/random/?language=en', headers: p.headers })).json();
    expect(randomSession.url).toMatch(/^\/house\/\?game=\w+&token=/);
    expect((await t.app.inject({ url: '/main-api/games/session_url/house-dice/' })).statusCode).toBe(401);
  });
});
