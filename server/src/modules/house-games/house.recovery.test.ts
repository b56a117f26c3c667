import { describe, expect, it } from 'vitest';
import { randomSeedHex } from '@contracts/fairness';
import { launchGame, signUpPlayer, unfinishedGameWork, useTestApp, type Player } from '../../../test/fixtures';
import { usingPostgres } from '../../../test/test-database';
import { createHouseRepository } from './house.repository';

// Mines under failure (issue 13, items 4-5): every half-done state a kill -9 can leave is made directly in the
// database, then the retry or the recovery job must finish it; and seed rotation racing a round start never reveals
// the seed of a round that is or becomes open.
const t = useTestApp();

type Auth = Player;
const newPlayer = (email: string, deposit: number) => signUpPlayer(t, { email, currency: 'USD', deposit });
const launch = (p: Auth) => launchGame(p, 'house-mines', { demo: false });
const balance = async (p: Auth) => Number((await t.services.wallet.balances(p.id))!.real) / 100;
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/house-api${url}`, headers, payload });
const minesRow = (roundId: number) =>
  t.db.selectFrom('house_mines_rounds').selectAll().where('round_id', '=', String(roundId)).executeTakeFirstOrThrow();
const gameRound = (roundId: number) =>
  t.db.selectFrom('games_rounds').selectAll().where('id', '=', String(roundId)).executeTakeFirstOrThrow();
const anHourAgo = () => new Date(Date.now() - 3_600_000);

/** A round started, one safe tile revealed (the test reads where the mines are). */
async function roundWithASafeTile(g: { headers: Record<string, string> }, amount = 10) {
  const start = (await post('/mines/start', g.headers, { amount, mines: 3 })).json();
  const row = await minesRow(start.round_id);
  const safe = [...Array(25).keys()].find((tile) => !row.mine_tiles.includes(tile))!;
  const state = (await post('/mines/reveal', g.headers, { tile: safe })).json();
  expect(state).toMatchObject({ status: 'open', revealed: [safe] });
  return { start, state, row };
}
/** No games transaction of the player's left pending, no game round of theirs left open. */
async function nothingHalfDone(p: Auth) {
  expect(await unfinishedGameWork(p)).toEqual({ pending: [], open: [] });
}

describe('mines cash-outs and busts cut short', () => {
  it('a cash-out marked but not paid (killed before the win) is paid by its retry, once', async () => {
    const p = await newPlayer('mines-retry@example.com', 100);
    const g = await launch(p);
    const { start } = await roundWithASafeTile(g);
    // the state a kill -9 leaves between the cash-out's two steps: the round cashed out, its win never paid
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'cashed_out', finished_at: new Date() })
      .where('round_id', '=', String(start.round_id))
      .execute();
    expect(await balance(p)).toBe(90);
    const retry = await post('/mines/cashout', g.headers);
    expect(retry.statusCode).toBe(200);
    const paid = retry.json();
    expect(paid).toMatchObject({ status: 'cashed_out', round_id: start.round_id });
    expect(paid.payout).toBeGreaterThan(10);
    expect(await balance(p)).toBeCloseTo(90 + paid.payout, 6);
    expect(paid.balance).toBeCloseTo(90 + paid.payout, 6);
    expect(await gameRound(start.round_id)).toMatchObject({ status: 'closed', win_minor: String(paid.payout * 100) });
    expect((await minesRow(start.round_id)).settled_at).not.toBeNull();
    // settled: another retry finds nothing to cash out, and pays nothing more
    expect((await post('/mines/cashout', g.headers)).statusCode).toBe(409);
    expect(await balance(p)).toBeCloseTo(90 + paid.payout, 6);
    await nothingHalfDone(p);
  });

  it('recovery pays every cash-out left unpaid and closes every bust left open; run again, it changes nothing', async () => {
    const p = await newPlayer('mines-recover@example.com', 100);
    const g1 = await launch(p);
    const { start: cashed } = await roundWithASafeTile(g1);
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'cashed_out', finished_at: anHourAgo() })
      .where('round_id', '=', String(cashed.round_id))
      .execute();
    const g2 = await launch(p);
    const busted = (await post('/mines/start', g2.headers, { amount: 5, mines: 3 })).json();
    const bustRow = await minesRow(busted.round_id);
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'busted', revealed: JSON.stringify([bustRow.mine_tiles[0]]) as never, finished_at: anHourAgo() })
      .where('round_id', '=', String(busted.round_id))
      .execute();
    // a round finished a moment ago is left to its own request
    const g3 = await launch(p);
    const { start: recent } = await roundWithASafeTile(g3, 1);
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'cashed_out', finished_at: new Date() })
      .where('round_id', '=', String(recent.round_id))
      .execute();
    expect(await balance(p)).toBe(84);

    expect(await t.services.house.recover()).toEqual({ reversed: 0, paid: 2 });
    const cashedRound = await gameRound(cashed.round_id);
    expect(cashedRound.status).toBe('closed');
    const payout = Number(cashedRound.win_minor) / 100;
    expect(payout).toBeGreaterThan(10);
    expect(await balance(p)).toBeCloseTo(84 + payout, 6);
    expect(await gameRound(busted.round_id)).toMatchObject({ status: 'closed', win_minor: '0' });
    expect((await gameRound(recent.round_id)).status).toBe('open');
    expect(await t.services.house.recover()).toEqual({ reversed: 0, paid: 0 });
    expect(await balance(p)).toBeCloseTo(84 + payout, 6);
    // the proof of the recovered round has its outcome
    expect(cashedRound.details).toMatchObject({ proof: { game: 'mines', outcome: { status: 'cashed_out' } } });
    await post('/mines/cashout', g3.headers); // the recent one's retry
    await nothingHalfDone(p);
  });
});

describe('mines starts cut short', () => {
  it('a start killed after its stake moved, before the round opened: recovery gives the stake back', async () => {
    const p = await newPlayer('mines-start-cut@example.com', 100);
    const g = await launch(p);
    const start = (await post('/mines/start', g.headers, { amount: 10, mines: 5 })).json();
    expect(await balance(p)).toBe(90);
    const row = await minesRow(start.round_id);
    // the state a kill -9 leaves between the gateway's bet and the round's opening: the intent, still pending
    await t.db
      .updateTable('house_mines_rounds')
      .set({ status: 'pending', round_id: null, created_at: anHourAgo() })
      .where('round_id', '=', String(start.round_id))
      .execute();
    // its server seed must stay secret until the intent is settled
    expect((await post('/seeds/rotate', g.headers)).statusCode).toBe(409);
    expect((await post('/seeds/client', g.headers, { client_seed: 'other' })).statusCode).toBe(409);
    expect(await t.services.house.recover()).toEqual({ reversed: 1, paid: 0 });
    expect(await balance(p)).toBe(100);
    expect((await gameRound(start.round_id)).status).toBe('rolled_back');
    const after = await t.db
      .selectFrom('house_mines_rounds')
      .selectAll()
      .where('seed_pair_id', '=', row.seed_pair_id)
      .where('nonce', '=', row.nonce)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'void' });
    expect(after.settled_at).not.toBeNull();
    expect((await post('/seeds/rotate', g.headers)).statusCode).toBe(200);
    expect(await t.services.house.recover()).toEqual({ reversed: 0, paid: 0 });
    expect(await balance(p)).toBe(100);
    await nothingHalfDone(p);
  });

  it('a start killed before its stake reached the gateway: recovery voids it, and a late stake is refused', async () => {
    const p = await newPlayer('mines-start-early@example.com', 100);
    const g = await launch(p);
    const session = await t.db
      .selectFrom('games_sessions')
      .select(['id', 'player_id', 'game_id'])
      .where('token_hash', '=', t.services.gateway.hashToken(g.token))
      .executeTakeFirstOrThrow();
    const intent = await createHouseRepository(t.db).insertMinesIntent(
      {
        session_id: session.id,
        player_id: p.id,
        mines: 3,
        amount_minor: '1000',
        demo: false,
        tiles: () => [1, 2, 3],
      },
      anHourAgo(),
      () => ({ seed: randomSeedHex(), hash: 'h', clientSeed: 'c' }),
    );
    if (intent === 'round_open') throw new Error('unexpected');
    expect(await t.services.house.recover()).toEqual({ reversed: 1, paid: 0 });
    const roundRef = `h${intent.pair.id}:${intent.pair.nonce}`;
    const provider = await t.services.gamesRepo.findProvider('house');
    const gatewaySession = await t.services.gateway.sessionForToken(g.token);
    await expect(
      t.services.gateway.bet(gatewaySession, {
        providerId: provider!.id,
        txId: `${roundRef}:bet`,
        roundRef,
        amount: 1000n,
      }),
    ).rejects.toMatchObject({ code: 'GATEWAY_BET_ROLLED_BACK' });
    expect(await balance(p)).toBe(100);
    // the session can play again
    expect((await post('/mines/start', g.headers, { amount: 1, mines: 3 })).statusCode).toBe(200);
  });

  it('a refused start moves nothing and leaves no open zero-stake round nor an unsettled intent', async () => {
    const p = await newPlayer('mines-refused@example.com', 5);
    const g = await launch(p);
    const refused = await post('/mines/start', g.headers, { amount: 10, mines: 3 });
    expect(refused.statusCode).toBe(402);
    expect(await balance(p)).toBe(5);
    await nothingHalfDone(p);
    const rows = await t.db.selectFrom('house_mines_rounds').selectAll().where('player_id', '=', p.id).execute();
    expect(rows.map((r) => r.status)).toEqual(['void']);
    expect((await post('/seeds/rotate', g.headers)).statusCode).toBe(200);
  });
});

describe.skipIf(!usingPostgres())('mines start racing seed rotation (PostgreSQL)', () => {
  it('never reveals the server seed of a round that is or becomes open (200 races)', async () => {
    const p = await newPlayer('mines-race@example.com', 1000);
    const g = await launch(p);
    let bothAnswered = 0;
    for (let i = 0; i < 200; i++) {
      const [start, rotate] = await Promise.all([
        post('/mines/start', g.headers, { amount: 1, mines: 24 }),
        post('/seeds/rotate', g.headers),
      ]);
      if (start.statusCode === 200 && rotate.statusCode === 200) bothAnswered++;
      if (rotate.statusCode === 200) {
        // the revealed pair must not be the pair of any round that is not yet settled
        const leaked = await t.db
          .selectFrom('house_mines_rounds as m')
          .innerJoin('house_seed_pairs as s', 's.id', 'm.seed_pair_id')
          .select(['m.round_id', 'm.status'])
          .where('m.player_id', '=', p.id)
          .where('m.status', 'in', ['pending', 'open'])
          .where('s.revealed_at', 'is not', null)
          .execute();
        expect(leaked).toEqual([]);
      } else expect(rotate.json().code).toBe('HOUSE_ROUND_OPEN');
      if (start.statusCode === 200) {
        const state = start.json();
        // the round's seed pair is still secret
        const pair = await t.db
          .selectFrom('house_seed_pairs')
          .select('revealed_at')
          .where('id', '=', (await minesRow(state.round_id)).seed_pair_id)
          .executeTakeFirstOrThrow();
        expect(pair.revealed_at).toBeNull();
        // end the round (any tile: with 24 mines one is safe, and one safe tile ends it too)
        const end = (await post('/mines/reveal', g.headers, { tile: 0 })).json();
        expect(['busted', 'cashed_out']).toContain(end.status);
      } else expect(start.statusCode).toBe(409);
    }
    expect(bothAnswered).toBeGreaterThan(0);
    await nothingHalfDone(p);
  }, 120_000);
});
