import { describe, expect, it } from 'vitest';
import { diceOutcome, floatsFor, minePositions, minesMultiplierBp, sha256Hex, slotsOutcome } from '@contracts/fairness';
import { houseBetResult } from '@contracts/games';
import { as, balanceOf, launchGame, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { scriptedSeeds, seedPairWhere } from '../../../test/house-seeds';

const seeds = scriptedSeeds();
const t = useTestApp({ houseSeeds: seeds });

const newPlayer = (email: string, deposit = 0) => signUpPlayer(t, { email, currency: 'USD', deposit });
const launch = (p: Player, game: string, demo = false) => launchGame(p, `house-${game}`, { demo });
const balance = balanceOf;

describe('house games through the gateway', () => {
  it('plays a dice bet that the browser verifier reproduces, and the balance moves by stake and payout', async () => {
    const p = await newPlayer('dice@example.com', 100);
    const g = await launch(p, 'dice');
    expect(g.body).toMatchObject({ string_id: 'house-dice', is_house: true, demo: false });
    const session = (await as(g).get('/house-api/session')).json();
    expect(session).toMatchObject({ game: 'dice', demo: false, currency: 'USD', balance: 100, fairness: { nonce: 0 } });
    const res = await as(g).post('/house-api/bet', {
      game: 'dice',
      amount: 10,
      params: { direction: 'over', target: 5050 },
    });
    expect(res.statusCode).toBe(200);
    const bet = res.json();
    // the answer is written without zod (house.routes.ts): byte for byte what zod's serializer would write
    expect(JSON.stringify(houseBetResult.parse(bet))).toBe(res.body);
    expect(bet.nonce).toBe(0);
    expect(bet.fairness.nonce).toBe(1);
    expect(bet.balance).toBeCloseTo(100 - 10 + bet.payout, 6);
    expect(await balance(p)).toBeCloseTo(bet.balance, 6);

    // rotate: the revealed seed matches the hash shown before play and recomputes the roll in "the browser" (WebCrypto)
    const rotation = (await as(g).post('/house-api/seeds/rotate')).json();
    expect(await sha256Hex(rotation.revealed.server_seed)).toBe(session.fairness.server_seed_hash);
    const floats = await floatsFor(rotation.revealed.server_seed, rotation.revealed.client_seed, 0, 1);
    expect(diceOutcome(floats, { direction: 'over', target: 5050 }).roll).toBe(bet.outcome.roll);
    expect(rotation.fairness.nonce).toBe(0);
    expect(rotation.fairness.server_seed_hash).not.toBe(session.fairness.server_seed_hash);

    // the bets history shows the round with its proof, now with the revealed seed
    const history = (await as(p).get(`/int-api/game_sessions/${p.id}/history`)).json();
    expect(history).toMatchObject({ total: 1, page: 1, size: 50 });
    expect(history.items[0]).toMatchObject({
      game_string_id: 'house-dice',
      bet_amount: 10,
      win_amount: bet.payout,
      status: 'closed',
    });
    const details = (await as(p).get(`/int-api/spins/${history.items[0].id}/user`)).json();
    expect(details.items.map((i: { type: string }) => i.type)).toEqual(['bet', 'win']);
    expect(details.proof).toMatchObject({
      game: 'dice',
      nonce: 0,
      server_seed: rotation.revealed.server_seed,
      client_seed: rotation.revealed.client_seed,
    });
    expect((await as(p).get(`/int-api/game_sessions/sum_bet_by_user_id/${p.id}`)).json()).toBe(10);
  });

  it('sets the client seed, and slots use it', async () => {
    const p = await newPlayer('slots@example.com', 50);
    const g = await launch(p, 'slots');
    const seeded = await as(g).post('/house-api/seeds/client', { client_seed: 'my-lucky-seed' });
    expect(seeded.json()).toMatchObject({ client_seed: 'my-lucky-seed', nonce: 0 });
    const spin = (await as(g).post('/house-api/bet', { game: 'slots', amount: 1 })).json();
    const rotation = (await as(g).post('/house-api/seeds/rotate')).json();
    const expected = slotsOutcome(await floatsFor(rotation.revealed.server_seed, 'my-lucky-seed', 0, 5));
    expect(spin.outcome.window).toEqual(expected.window);
    expect(spin.payout).toBeCloseTo(expected.payoutBp / 10_000, 6);
  });

  it('refuses a bet over the balance, outside the limits, with bad parameters or for another game, and moves nothing', async () => {
    const p = await newPlayer('refuse@example.com', 5);
    const g = await launch(p, 'dice');
    const over = await as(g).post('/house-api/bet', {
      game: 'dice',
      amount: 6,
      params: { direction: 'over', target: 5000 },
    });
    expect(over.statusCode).toBe(402);
    expect(over.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const tooBig = await as(g).post('/house-api/bet', {
      game: 'dice',
      amount: 5000,
      params: { direction: 'over', target: 5000 },
    });
    expect(tooBig.json().code).toBe('HOUSE_BET_OUT_OF_RANGE');
    const badTarget = await as(g).post('/house-api/bet', {
      game: 'dice',
      amount: 1,
      params: { direction: 'over', target: 100 },
    });
    expect(badTarget.statusCode).toBe(422);
    const wrong = await as(g).post('/house-api/bet', { game: 'limbo', amount: 1, params: { target: 200 } });
    expect(wrong.json().code).toBe('HOUSE_WRONG_GAME');
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/house-api/bet',
      payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } },
    });
    expect(noToken.statusCode).toBe(401);
    expect(await balance(p)).toBe(5);
  });

  it('never uses a nonce twice nor a stale seed, when another instance moved the nonce or the client seed, or bets are simultaneous', async () => {
    const p = await newPlayer('nonce@example.com', 100);
    const g = await launch(p, 'dice');
    const dice = () =>
      as(g).post('/house-api/bet', { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } });
    expect((await dice()).json().nonce).toBe(0);
    expect((await dice()).json().nonce).toBe(1); // from the remembered pair, taken in the bet's statement
    // another instance took nonces 2-4 and set a new client seed: this instance's guess fails, and it starts again
    await t.db
      .updateTable('house_seed_pairs')
      .set({ nonce: '5', client_seed: 'changed-elsewhere' })
      .where('player_id', '=', p.id)
      .execute();
    const after = (await dice()).json();
    expect(after).toMatchObject({ nonce: 5, fairness: { client_seed: 'changed-elsewhere', nonce: 6 } });
    const pair = await t.db
      .selectFrom('house_seed_pairs')
      .select('server_seed')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    const floats = await floatsFor(pair.server_seed, 'changed-elsewhere', 5, 1);
    expect(diceOutcome(floats, { direction: 'over', target: 5000 }).roll).toBe(after.outcome.roll);
    // simultaneous bets of one player: each nonce once, taken in the order the bets came (one after another)
    const nonces = (await Promise.all(Array.from({ length: 12 }, dice))).map((r) => r.json().nonce as number);
    expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => 6 + i));
    const rounds = await t.db.selectFrom('games_rounds').select('round_ref').where('player_id', '=', p.id).execute();
    expect(new Set(rounds.map((r) => r.round_ref)).size).toBe(15);
    const final = await t.db
      .selectFrom('house_seed_pairs')
      .select('nonce')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(final.nonce)).toBeGreaterThanOrEqual(18);
  });

  it('refuses a bet once the session has ended, even where the session is still cached (another instance ended it)', async () => {
    const p = await newPlayer('ended@example.com', 5);
    const g = await launch(p, 'dice');
    const dice = () =>
      as(g).post('/house-api/bet', { game: 'dice', amount: 1, params: { direction: 'over', target: 5000 } });
    expect((await dice()).statusCode).toBe(200);
    const before = await balance(p);
    await t.db
      .updateTable('games_sessions')
      .set({ ended_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', t.services.gateway.hashToken(g.token))
      .execute();
    const refused = await dice();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('GATEWAY_SESSION_CLOSED');
    expect(await balance(p)).toBe(before);
  });

  it('demo sessions play with demo credits and never touch the balance or the history', async () => {
    const p = await newPlayer('demo@example.com', 3);
    const g = await launch(p, 'limbo', true);
    const session = (await as(g).get('/house-api/session')).json();
    expect(session).toMatchObject({ demo: true, balance: 1000 });
    const bet = (await as(g).post('/house-api/bet', { game: 'limbo', amount: 100, params: { target: 200 } })).json();
    expect(bet.balance).toBeCloseTo(900 + bet.payout, 6);
    expect(await balance(p)).toBe(3);
    expect((await as(p).get(`/int-api/game_sessions/${p.id}/history`)).json().total).toBe(0);
  });

  it('mines: reveal, cash out, bust, and resume after a reload; mine tiles stay hidden until the end', async () => {
    const mines = (floats: number[]) => minePositions(floats, { mines: 3 });
    seeds.nextPair(
      seedPairWhere((floatsAt) => !mines(floatsAt(0, 3)).includes(0) && mines(floatsAt(1, 3)).includes(0)),
    );
    const p = await newPlayer('mines@example.com', 100);
    const g = await launch(p, 'mines');
    const start = (await as(g).post('/house-api/mines/start', { amount: 10, mines: 3 })).json();
    expect(start).toMatchObject({ status: 'open', mines: 3, mine_tiles: null, balance: 90, multiplier_bp: 0 });
    expect((await as(g).post('/house-api/mines/start', { amount: 10, mines: 3 })).statusCode).toBe(409);
    // find the mines through the pair once rotated is impossible while open: rotation is refused
    expect((await as(g).post('/house-api/seeds/rotate')).statusCode).toBe(409);
    const session = (await as(g).get('/house-api/session')).json();
    expect(session.open_round).toMatchObject({ round_id: start.round_id, mines: 3, revealed: [] });
    // the chosen seeds put no mine on tile 0 in this round (nonce 0) and a mine on it in the next (nonce 1)
    const safe = (await as(g).post('/house-api/mines/reveal', { tile: 0 })).json();
    expect(safe).toMatchObject({ status: 'open', revealed: [0], mine_tiles: null });
    expect(safe.multiplier_bp).toBe(minesMultiplierBp({ mines: 3 }, 1));
    expect(safe.multiplier_bp).toBeGreaterThan(10_000 * 0.99);
    const cashed = (await as(g).post('/house-api/mines/cashout')).json();
    expect(cashed.status).toBe('cashed_out');
    expect(cashed.mine_tiles).toHaveLength(3);
    expect(cashed.mine_tiles).not.toContain(0);
    expect(cashed.payout).toBeCloseTo((10 * safe.multiplier_bp) / 10_000, 6);
    expect(cashed.balance).toBeCloseTo(90 + cashed.payout, 6);

    const second = (await as(g).post('/house-api/mines/start', { amount: 10, mines: 3 })).json();
    expect(second).toMatchObject({ status: 'open', balance: cashed.balance - 10 });
    const bust = (await as(g).post('/house-api/mines/reveal', { tile: 0 })).json();
    expect(bust).toMatchObject({ status: 'busted', revealed: [0], payout: 0 });
    expect(bust.mine_tiles).toContain(0);
    expect(await balance(p)).toBeCloseTo(cashed.balance - 10, 6);
    expect(seeds.pending()).toBe(0); // both rounds played with the chosen pair

    // the mines were the verifier's
    const rotation = (await as(g).post('/house-api/seeds/rotate')).json();
    const tilesAt = async (nonce: number) =>
      minePositions(await floatsFor(rotation.revealed.server_seed, rotation.revealed.client_seed, nonce, 3), {
        mines: 3,
      });
    const history = (await as(p).get(`/int-api/game_sessions/${p.id}/history`)).json();
    const details = async (i: number) =>
      (await as(p).get(`/int-api/spins/${history.items[i].id}/user`)).json().proof.outcome.mine_tiles;
    expect(await details(1)).toEqual(await tilesAt(0));
    expect(await details(0)).toEqual(await tilesAt(1));
    expect(await tilesAt(0)).toEqual(cashed.mine_tiles);
    expect(await tilesAt(1)).toEqual(bust.mine_tiles);
  });

  it('roulette settles several bets at once', async () => {
    const p = await newPlayer('roulette@example.com', 100);
    const g = await launch(p, 'roulette');
    const res = await as(g).post('/house-api/bet', {
      game: 'roulette',
      params: {
        bets: [
          { kind: 'red', amount: 5 },
          { kind: 'straight', numbers: [17], amount: 1 },
          { kind: 'dozen', index: 2, amount: 2 },
        ],
      },
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
    await as(g).post('/house-api/bet', { game: 'dice', amount: 1, params: { direction: 'under', target: 5000 } });
    const history = (await as(a).get(`/int-api/game_sessions/${a.id}/history`)).json();
    expect((await as(b).get(`/int-api/game_sessions/${a.id}/history`)).statusCode).toBe(403);
    expect((await as(b).get(`/int-api/spins/${history.items[0].id}/user`)).statusCode).toBe(404);
    expect((await as(b).get(`/int-api/game_sessions/sum_bet_by_user_id/${a.id}`)).statusCode).toBe(403);
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
    // by the name the app shows in another language, in any case («кости», «КРАШ»); a LIKE wildcard is literal
    for (const [name, id] of [
      ['кости', 'house-dice'],
      ['КРАШ', 'house-crash'],
      ['семёрки', 'house-slots'],
    ] as const)
      expect(
        (await t.app.inject({ url: `/main-api/games/filter?name=${encodeURIComponent(name)}` }))
          .json()
          .items.map((g: { string_id: string }) => g.string_id),
      ).toEqual([id]);
    expect((await t.app.inject({ url: '/main-api/games/filter?name=%25' })).json().total).toBe(0);
    const block = (await t.app.inject({ url: '/main-api/games/filter?block_string_id=table' })).json();
    expect(block.items.map((g: { string_id: string }) => g.string_id)).toEqual(['house-slots', 'house-roulette']);
    const random = (await t.app.inject({ url: '/main-api/games/random?currency=USD' })).json();
    expect(random).toMatchObject({ has_demo: true });

    const p = await newPlayer('fav@example.com');
    const dice =
      all.items.find((g: { string_id: string }) => g.string_id === 'house-dice') ??
      (await t.app.inject({ url: '/main-api/games/filter?name=dice' })).json().items[0];
    expect((await as(p).post(`/main-api/games/favourites/${dice.id}`)).json()).toEqual({
      id: dice.id,
      is_favourite: true,
    });
    const favs = (await as(p).get('/main-api/games/my/filter?is_favourite=true&size=50')).json();
    expect(favs.items).toEqual([expect.objectContaining({ string_id: 'house-dice', is_favourite: true })]);
    await as(p).delete(`/main-api/games/favourites/${dice.id}`);
    expect((await as(p).get('/main-api/games/my/filter?is_favourite=true')).json().total).toBe(0);
    expect((await as(p).post('/main-api/games/favourites/99999')).statusCode).toBe(404);
    const randomSession = (await as(p).get('/main-api/games/session_url/random/?language=en')).json();
    expect(randomSession.url).toMatch(/^\/house\/\?game=\w+&token=/);
    expect((await t.app.inject({ url: '/main-api/games/session_url/house-dice/' })).statusCode).toBe(401);
  });
});
