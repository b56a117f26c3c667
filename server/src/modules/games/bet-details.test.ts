import { describe, expect, it } from 'vitest';
import { crashPointFromHash } from '@contracts/fairness';
import { spinsPage } from '@contracts/games';
import { fixedClock } from '../../lib/clock';
import { as, launchGame, signUpPlayer, useTestApp, type Player } from '../../../test/fixtures';
import { msToReach } from '../house-games/crash.service';

// Bet details (GET /int-api/spins/{id}/user) for every kind of house round, crash included: the outcome, the game's
// parameters and what the verify page needs, in the shape the contract promises.
const clock = fixedClock('2026-11-22T12:00:00Z');
const t = useTestApp({ clock, env: { CRASH_CHAIN_LENGTH: '50', CRASH_BETTING_MS: '5000' } });

const player = (email: string, dollars: number) => signUpPlayer(t, { email, currency: 'USD', deposit: dollars });
async function details(p: Player) {
  const history = (await as(p).get(`/int-api/game_sessions/${p.id}/history`)).json();
  const res = await as(p).get(`/int-api/spins/${history.items[0].id as number}/user`);
  return res;
}

describe('bet details', () => {
  it('shows a crash bet: the crash point, the cash-out, the auto cash-out, and the chain data to verify it', async () => {
    const p = await player('details-crash@example.com', 100);
    const game = await launchGame(p, 'house-crash');
    let round = await t.services.crash.openRound();
    const bet = await as(game).post('/house-api/crash/bet', { amount: 10, auto_cashout: 100_000 });
    expect(bet.statusCode).toBe(200);

    // while the round is open the game hash stays secret (it gives the crash point away)
    const open = await details(p);
    expect(open.statusCode).toBe(200);
    expect(open.json().proof).toMatchObject({ game: 'crash', game_hash: null, crash_point: null });

    round = await t.services.crash.startRound(round);
    clock.advance(msToReach(round.crash_point));
    await t.services.crash.crashRound(round);

    const res = await details(p);
    expect(res.statusCode).toBe(200);
    const body = spinsPage.parse(res.json());
    expect(body.items.map((i) => i.type)).toEqual(['bet', 'win']); // a zero win closes the round
    const proof = body.proof!;
    expect(proof).toMatchObject({
      game: 'crash',
      game_number: round.game_number,
      crash_point: round.crash_point,
      params: { auto_cashout: 100_000 },
      outcome: { crash_point: round.crash_point, cashout_at: null, status: 'lost' },
    });
    if (proof.game !== 'crash') throw new Error('not a crash proof');
    expect(proof.game_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.terminating_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await crashPointFromHash(proof.game_hash!, proof.salt)).toBe(round.crash_point);
  });

  it('shows a dice bet with its parameters and outcome', async () => {
    const p = await player('details-dice@example.com', 100);
    const game = await launchGame(p, 'house-dice');
    await as(game).post('/house-api/bet', { game: 'dice', amount: 1, params: { direction: 'under', target: 5000 } });
    const res = await details(p);
    expect(res.statusCode).toBe(200);
    expect(spinsPage.parse(res.json()).proof).toMatchObject({
      game: 'dice',
      nonce: 0,
      server_seed: null,
      params: { direction: 'under', target: 5000 },
      outcome: { roll: expect.any(Number) },
    });
  });
});
