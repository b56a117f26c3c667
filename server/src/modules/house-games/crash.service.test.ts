import { describe, expect, it } from 'vitest';
import { crashPointFromHash, verifyChain } from '@contracts/fairness';
import { crashMultiplierAt } from '@contracts/games';
import { fixedClock } from '../../lib/clock';
import { as, launchGame, signUpPlayer, useTestApp } from '../../../test/fixtures';
import { msToReach } from './crash.service';

const clock = fixedClock('2026-11-22T12:00:00Z');
const t = useTestApp({ clock, env: { CRASH_CHAIN_LENGTH: '50', CRASH_BETTING_MS: '5000' } });

/** A player with money and the crash game open. */
async function player(email: string, dollars: number) {
  const p = await signUpPlayer(t, { email, currency: 'USD', deposit: dollars });
  return { ...p, game: await launchGame(p, 'house-crash') };
}
const balance = async (id: string) => Number((await t.services.wallet.balances(id))!.real) / 100;

describe('crash rounds', () => {
  it('runs a shared round: bets while betting, cash-out while running, auto cash-out and losses at the crash', async () => {
    // find a round whose crash point leaves room for a manual cash-out at 1.10× and an auto cash-out at 1.05×
    let round = await t.services.crash.openRound();
    while (round.crash_point < 130) {
      round = await t.services.crash.startRound(round);
      round = await t.services.crash.crashRound(round);
      round = await t.services.crash.openRound();
    }
    const [a, b, c] = [
      await player('crash-a@example.com', 100),
      await player('crash-b@example.com', 100),
      await player('crash-c@example.com', 100),
    ];
    const state = (await t.app.inject({ url: '/house-api/crash/state' })).json();
    expect(state).toMatchObject({ round_id: Number(round.id), phase: 'betting', crash_point: null, game_hash: null });

    const betA = await as(a.game).post('/house-api/crash/bet', { amount: 10 });
    expect(betA.json()).toMatchObject({ status: 'active', amount: 10, balance: 90 });
    expect((await as(a.game).post('/house-api/crash/bet', { amount: 10 })).statusCode).toBe(409);
    await as(b.game).post('/house-api/crash/bet', { amount: 20, auto_cashout: 105 });
    await as(c.game).post('/house-api/crash/bet', { amount: 30, auto_cashout: round.crash_point + 1 });
    expect((await as(a.game).post('/house-api/crash/cashout')).statusCode).toBe(409); // not running yet

    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    expect((await as(a.game).post('/house-api/crash/bet', { amount: 1 })).json().code).toBe('HOUSE_CRASH_NOT_BETTING');
    clock.advance(msToReach(110));
    const at = crashMultiplierAt(msToReach(110));
    const cashed = (await as(a.game).post('/house-api/crash/cashout')).json();
    expect(cashed).toMatchObject({ status: 'cashed_out', cashout_at: at });
    expect(cashed.payout).toBeCloseTo((10 * at) / 100, 2);
    expect(await balance(a.id)).toBeCloseTo(90 + cashed.payout, 2);

    clock.advance(msToReach(round.crash_point) - msToReach(110));
    const crashed = await t.services.crash.crashRound(round);
    expect(await balance(b.id)).toBeCloseTo(80 + 20 * 1.05, 2); // auto cash-out at 1.05× paid
    expect(await balance(c.id)).toBe(70); // target above the crash point: lost
    const after = (await t.app.inject({ url: '/house-api/crash/state' })).json();
    expect(after).toMatchObject({ phase: 'crashed', crash_point: crashed.crash_point, game_hash: crashed.game_hash });
    // anyone can check the round: its hash leads back to the published terminating hash, and the crash point follows
    expect(await verifyChain(after.game_hash, after.terminating_hash, after.game_number)).toBe(true);
    expect(await crashPointFromHash(after.game_hash, after.salt)).toBe(after.crash_point);
    // too late once crashed
    expect((await as(c.game).post('/house-api/crash/cashout')).statusCode).toBe(409);
    // the bets history has every player's round
    const history = (await as(b).get(`/int-api/game_sessions/${b.id}/history`)).json();
    expect(history.items[0]).toMatchObject({
      game_string_id: 'house-crash',
      bet_amount: 20,
      win_amount: 21,
      status: 'closed',
      multiplier: '1.0500',
    });
  });

  it('a cash-out at or past the crash point is refused, even before the driver has marked the crash', async () => {
    let round = await t.services.crash.openRound();
    const p = await player('crash-late@example.com', 10);
    await as(p.game).post('/house-api/crash/bet', { amount: 1 });
    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    clock.advance(msToReach(round.crash_point) + 50);
    expect((await as(p.game).post('/house-api/crash/cashout')).json().code).toBe('HOUSE_CRASH_TOO_LATE');
    await t.services.crash.crashRound(round);
    expect(await balance(p.id)).toBe(9);
  });

  async function roundWithRoom() {
    let round = await t.services.crash.openRound();
    while (round.crash_point < 130) {
      round = await t.services.crash.startRound(round);
      round = await t.services.crash.crashRound(round);
      round = await t.services.crash.openRound();
    }
    return round;
  }
  const gameRoundsOf = (playerId: string) =>
    t.db
      .selectFrom('games_rounds')
      .select(['status', 'bet_minor', 'win_minor'])
      .where('player_id', '=', playerId)
      .execute();
  const pendingTxOf = (playerId: string) =>
    t.db
      .selectFrom('games_transactions')
      .select('id')
      .where('player_id', '=', playerId)
      .where('result', '=', 'pending')
      .execute();
  /** A bet row as the bet call writes it before the stake (round_id 0 until the gateway answered). */
  async function betRow(crashRoundId: string, p: { id: string }, amountMinor: number, autoCashout: number) {
    const session = await t.db
      .selectFrom('games_sessions')
      .select('id')
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('house_crash_bets')
      .values({
        crash_round_id: crashRoundId,
        player_id: p.id,
        session_id: session.id,
        round_id: '0',
        amount_minor: String(amountMinor),
        auto_cashout: autoCashout,
        demo: false,
      })
      .execute();
  }

  it('cash-outs cut short are paid by their retry or by recovery after the crash; a stake that never moved is never paid', async () => {
    let round = await roundWithRoom();
    const a = await player('crash-cut-a@example.com', 100);
    const b = await player('crash-cut-b@example.com', 100);
    const c = await player('crash-cut-c@example.com', 100);
    const d = await player('crash-cut-d@example.com', 100);
    for (const p of [a, b])
      expect((await as(p.game).post('/house-api/crash/bet', { amount: 10 })).statusCode).toBe(200);
    // c: the gateway refused the stake (its round left open at zero), and the request died before dropping the row
    await betRow(round.id, c, 100_000, 105);
    const roundRef = `c${round.id}:${c.id}`;
    const provider = (await t.services.gamesRepo.findProvider('house'))!.id;
    await expect(
      t.services.gateway.bet(await t.services.gateway.sessionForToken(c.game.token), {
        providerId: provider,
        txId: `${roundRef}:bet`,
        roundRef,
        amount: 100_000n,
      }),
    ).rejects.toMatchObject({ status: 402 });
    // d: the row written, the request killed before the gateway's bet
    await betRow(round.id, d, 1000, 105);

    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    clock.advance(msToReach(110));
    // a's and b's cash-outs cut short: marked cashed out at 1.10×, never paid
    await t.db
      .updateTable('house_crash_bets')
      .set({ status: 'cashed_out', cashout_at: 110 })
      .where('crash_round_id', '=', round.id)
      .where('player_id', 'in', [a.id, b.id])
      .execute();
    const retry = await as(a.game).post('/house-api/crash/cashout');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'cashed_out', cashout_at: 110, payout: 11, balance: 101 });
    expect((await as(a.game).post('/house-api/crash/cashout')).statusCode).toBe(409);
    expect(await balance(a.id)).toBe(101);

    clock.advance(msToReach(round.crash_point) - msToReach(110));
    await t.services.crash.crashRound(round);
    expect(await balance(c.id)).toBe(100); // its auto cash-out "won", but its stake never moved
    expect(await balance(d.id)).toBe(100);
    expect(await balance(b.id)).toBe(90);
    expect(await t.services.crash.recover()).toEqual({ settled: 0 }); // within the window: left to the requests
    clock.advance(31_000);
    expect(await t.services.crash.recover()).toEqual({ settled: 1 });
    expect(await balance(b.id)).toBe(101);
    expect(await t.services.crash.recover()).toEqual({ settled: 0 });
    expect(await balance(b.id)).toBe(101);
    // the gateway closes a refused stake's zero-stake round as rolled back (nothing moved)
    expect(await gameRoundsOf(c.id)).toEqual([{ status: 'rolled_back', bet_minor: '0', win_minor: '0' }]);
    expect(await gameRoundsOf(d.id)).toEqual([]);
    // d's stake arriving late is refused
    const dRef = `c${round.id}:${d.id}`;
    await expect(
      t.services.gateway.bet(await t.services.gateway.sessionForToken(d.game.token), {
        providerId: provider,
        txId: `${dRef}:bet`,
        roundRef: dRef,
        amount: 1000n,
      }),
    ).rejects.toMatchObject({ code: 'GATEWAY_BET_ROLLED_BACK' });
    for (const p of [a, b, c, d]) expect(await pendingTxOf(p.id)).toEqual([]);
  });

  it('a crash cut short before the bets were decided: recovery decides and settles them', async () => {
    let round = await roundWithRoom();
    const e = await player('crash-cut-e@example.com', 100);
    const f = await player('crash-cut-f@example.com', 100);
    await as(e.game).post('/house-api/crash/bet', { amount: 10, auto_cashout: 105 });
    await as(f.game).post('/house-api/crash/bet', { amount: 10 });
    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    clock.advance(msToReach(round.crash_point));
    // the round marked crashed, its bets still active (the state the crash's first step alone left before)
    await t.db
      .updateTable('house_crash_rounds')
      .set({ phase: 'crashed', crashed_at: clock.now() })
      .where('id', '=', round.id)
      .execute();
    clock.advance(31_000);
    expect(await t.services.crash.recover()).toEqual({ settled: 2 });
    expect(await balance(e.id)).toBeCloseTo(100.5, 2);
    expect(await balance(f.id)).toBe(90);
    expect((await gameRoundsOf(f.id)).map((r) => r.status)).toEqual(['closed']);
    expect(await t.services.crash.recover()).toEqual({ settled: 0 });
  });
});
