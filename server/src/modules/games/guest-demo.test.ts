import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures';

// Guests may try a game's demo (demo credits kept on the game session, never the wallet); real play needs an account.
const t = useTestApp();

describe('guest demo', () => {
  it('launches a demo for a guest, plays with demo credits, and refuses real play', async () => {
    const res = await t.app.inject({ url: '/main-api/games/session_url/house-dice/?language=en&demo_flag=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ string_id: 'house-dice', demo: true });
    const token = new URL(res.json().url as string, 'http://x').searchParams.get('token')!;
    const headers = { 'x-game-token': token };
    const session = (await t.app.inject({ url: '/house-api/session', headers })).json();
    expect(session).toMatchObject({ demo: true, balance: t.config.GAMES_DEMO_CREDITS });
    const bet = await t.app.inject({
      method: 'POST',
      url: '/house-api/bet',
      headers,
      payload: { game: 'dice', amount: 5, params: { direction: 'over', target: 5050 } },
    });
    expect(bet.statusCode).toBe(200);
    expect(bet.json().balance).toBeCloseTo(t.config.GAMES_DEMO_CREDITS - 5 + (bet.json().payout as number), 6);

    // a second guest gets a session of their own (their own demo credits)
    const other = await t.app.inject({ url: '/main-api/games/session_url/house-dice/?language=en&demo_flag=true' });
    const otherToken = new URL(other.json().url as string, 'http://x').searchParams.get('token')!;
    const otherSession = (
      await t.app.inject({ url: '/house-api/session', headers: { 'x-game-token': otherToken } })
    ).json();
    expect(otherSession.balance).toBe(t.config.GAMES_DEMO_CREDITS);

    const real = await t.app.inject({ url: '/main-api/games/session_url/house-dice/?language=en&demo_flag=false' });
    expect(real.statusCode).toBe(401);
    const random = await t.app.inject({ url: '/main-api/games/session_url/random/?language=en' });
    expect(random.statusCode).toBe(401);
  });
});
