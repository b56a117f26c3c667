import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashPointFromHash, verifyChain } from '@contracts/fairness';
import { crashMultiplierAt } from '@contracts/games';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { msToReach } from './crash.service';

const clock = fixedClock('2026-11-22T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { CRASH_CHAIN_LENGTH: '50', CRASH_BETTING_MS: '5000' } });
});
afterAll(async () => {
  await t.close();
});

async function player(email: string, dollars: number) {
  const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/signup', payload: { email, password: 'correct horse', currency: 'USD', accept_terms: true } });
  const headers = { authorization: `Bearer ${res.json().access_token as string}` };
  const me = (await t.app.inject({ url: '/main-api/users/me', headers })).json();
  await t.services.wallet.creditDeposit({ playerId: String(me.id), currency: 'USD', key: `dep:${me.id}` }, BigInt(dollars * 100));
  const launch = (await t.app.inject({ url: '/main-api/games/session_url/house-crash/?language=en', headers })).json();
  const token = new URL(launch.url, 'http://x').searchParams.get('token')!;
  return { id: String(me.id), headers, game: { 'x-game-token': token } };
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
    const [a, b, c] = [await player('crash-a@example.com', 100), await player('crash-b@example.com', 100), await player('crash-c@example.com', 100)];
    const state = (await t.app.inject({ url: '/house-api/crash/state' })).json();
    expect(state).toMatchObject({ round_id: Number(round.id), phase: 'betting', crash_point: null, game_hash: null });

    const betA = await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: a.game, payload: { amount: 10 } });
    expect(betA.json()).toMatchObject({ status: 'active', amount: 10, balance: 90 });
    expect((await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: a.game, payload: { amount: 10 } })).statusCode).toBe(409);
    await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: b.game, payload: { amount: 20, auto_cashout: 105 } });
    await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: c.game, payload: { amount: 30, auto_cashout: round.crash_point + 1 } });
    expect((await t.app.inject({ method: 'POST', url: '/house-api/crash/cashout', headers: a.game })).statusCode).toBe(409); // not running yet

    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    expect((await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: a.game, payload: { amount: 1 } })).json().code).toBe('HOUSE_CRASH_NOT_BETTING');
    clock.advance(msToReach(110));
    const at = crashMultiplierAt(msToReach(110));
    const cashed = (await t.app.inject({ method: 'POST', url: '/house-api/crash/cashout', headers: a.game })).json();
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
    expect((await t.app.inject({ method: 'POST', url: '/house-api/crash/cashout', headers: c.game })).statusCode).toBe(409);
    // the bets history has every player's round
    const history = (await t.app.inject({ url: `/int-api/game_sessions/${b.id}/history`, headers: b.headers })).json();
    expect(history.items[0]).toMatchObject({ game_string_id: 'house-crash', bet_amount: 20, win_amount: 21, status: 'closed', multiplier: '1.0500' });
  });

  it('a cash-out at or past the crash point is refused, even before the driver has marked the crash', async () => {
    let round = await t.services.crash.openRound();
    const p = await player('crash-late@example.com', 10);
    await t.app.inject({ method: 'POST', url: '/house-api/crash/bet', headers: p.game, payload: { amount: 1 } });
    clock.advance(5000);
    round = await t.services.crash.startRound(round);
    clock.advance(msToReach(round.crash_point) + 50);
    expect((await t.app.inject({ method: 'POST', url: '/house-api/crash/cashout', headers: p.game })).json().code).toBe('HOUSE_CRASH_TOO_LATE');
    await t.services.crash.crashRound(round);
    expect(await balance(p.id)).toBe(9);
  });
});
