import { describe, expect, it } from 'vitest';
import { as, launchGame, signUpPlayer, useTestApp } from '../../../test/fixtures';

// Issue 28 item 5: the max bet while a bonus is wagering is said where the player bets. The game's session carries
// it (the page shows it by the range and its Max button stops there), and a bet above it is refused naming the cap.

const t = useTestApp();

describe('the bonus max bet in the game', () => {
  it('is in the session while a bonus is wagering, and the refusal names it', async () => {
    const p = await signUpPlayer(t, { currency: 'USD', deposit: 50 });
    const before = (await as(await launchGame(p, 'house-dice')).get('/house-api/session')).json();
    expect(before.bonus_max_bet).toBeNull();

    // WELCOME10: $10 without a deposit, max bet $2 while wagering
    expect((await as(p).post('/main-api/bonuses/promo-codes', { code: 'WELCOME10' })).statusCode).toBe(201);
    const game = await launchGame(p, 'house-dice');
    const session = (await as(game).get('/house-api/session')).json();
    expect(session).toMatchObject({ max_bet: 1000, bonus_max_bet: 2 });

    const bet = await as(game).post('/house-api/bet', {
      game: 'dice',
      amount: 3,
      params: { direction: 'over', target: 5000 },
    });
    expect(bet.statusCode).toBe(403);
    expect(bet.json()).toMatchObject({ code: 'BONUSES_MAX_BET', max_bet: 2 });

    // a demo session plays no bonus: no cap shown there
    const demo = (await as(await launchGame(p, 'house-dice', { demo: true })).get('/house-api/session')).json();
    expect(demo.bonus_max_bet).toBeNull();
  });
});
