import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  addProviderGame,
  launchGame,
  signUpPlayer,
  useTestApp,
  withTwoInstances,
  type Player,
} from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';
import { signProviderBody } from '../games/provider.routes';

// Issue 13 item 9: revocation reaches tokens, game sessions and open sockets at once (sockets: live.test.ts).
const PASSWORD = 'correct horse';
const PROVIDER_SECRET = 'aggregator-secret-sessions-0123';
const t = useTestApp();
beforeAll(async () => {
  await addProviderGame(t.db, { provider: 'acme', secret: PROVIDER_SECRET, game: 'acme-fruits' });
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signUp = (app: TestApp, email: string, deposit = 0) =>
  signUpPlayer(app, { email, password: PASSWORD, currency: 'USD', deposit });
const signIn = async (email: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/token',
      payload: { username: email, password: PASSWORD },
    })
  ).json().access_token as string;
const me = async (token: string, app = t) =>
  (await app.app.inject({ url: '/main-api/users/me', headers: bearer(token) })).statusCode;
/** Launches a game as the player; its game token. */
const launch = async (p: Player, game: string) => (await launchGame(p, game)).token;
const minesStart = (app: TestApp, gameToken: string) =>
  app.app.inject({
    method: 'POST',
    url: '/house-api/mines/start',
    headers: { 'x-game-token': gameToken },
    payload: { amount: 1, mines: 3 },
  });
const diceBet = (app: TestApp, gameToken: string) =>
  app.app.inject({
    method: 'POST',
    url: '/house-api/bet',
    headers: { 'x-game-token': gameToken },
    payload: { game: 'dice', amount: 1, params: { direction: 'over', target: 5050 } },
  });
async function providerBet(gameToken: string, actionId: string) {
  const raw = JSON.stringify({
    session_id: gameToken,
    currency: 'USD',
    game_id: `round-${actionId}`,
    finished: false,
    actions: [{ action: 'bet', action_id: actionId, amount: 100 }],
  });
  return t.app.inject({
    method: 'POST',
    url: '/gateway-api/acme/play',
    headers: { 'content-type': 'application/json', 'x-request-sign': signProviderBody(raw, PROVIDER_SECRET) },
    payload: raw,
  });
}

describe('sign-out and password change', () => {
  it('sign-out revokes that token at once; the player’s other sign-in keeps working', async () => {
    const p = await signUp(t, 'logout@sessions.test');
    const other = await signIn('logout@sessions.test');
    expect(await me(p.token)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/main-api/auth/logout', headers: bearer(p.token) });
    expect(out.statusCode).toBe(204);
    expect(await me(p.token)).toBe(401);
    expect(await me(other)).toBe(200);
    // repeated, without a token, or with garbage: the same 204, nothing else changes
    for (const headers of [bearer(p.token), {}, bearer('garbage')])
      expect((await t.app.inject({ method: 'POST', url: '/main-api/auth/logout', headers })).statusCode).toBe(204);
    expect(await me(other)).toBe(200);
  });

  it('a password change ends every other sign-in and keeps the one that made it', async () => {
    const p = await signUp(t, 'password@sessions.test');
    const other = await signIn('password@sessions.test');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me/password',
      headers: bearer(p.token),
      payload: { old_password: PASSWORD, new_password: 'battery staple 2' },
    });
    expect(res.statusCode).toBe(204);
    expect(await me(p.token)).toBe(200);
    expect(await me(other)).toBe(401);
  });
});

describe('tokens the server did not issue as they are', () => {
  const key = () => new TextEncoder().encode(t.secrets.jwt);
  const forge = async (claims: Record<string, unknown>, exp: number | null, sub = '') => {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (sub) jwt = jwt.setSubject(sub);
    if (exp !== null) jwt = jwt.setExpirationTime(Math.floor(Date.now() / 1000) + exp);
    return jwt.sign(key());
  };

  it('refuses a token without exp, without a sign-in session, or with a subject that is not a player id', async () => {
    const p = await signUp(t, 'forge@sessions.test');
    const sid = (await t.db.selectFrom('acc_sessions').select('id').where('player_id', '=', p.id).executeTakeFirst())!
      .id;
    // signed with the real secret: only the claims are wrong
    expect(await me(await forge({ sv: 0, sid }, 3600, p.id))).toBe(200);
    expect(await me(await forge({ sv: 0, sid }, null, p.id))).toBe(401); // endless
    expect(await me(await forge({ sv: 0 }, 3600, p.id))).toBe(401); // no sign-in session
    expect(await me(await forge({ sv: 0, sid: '999999999' }, 3600, p.id))).toBe(401); // unknown session
    expect(await me(await forge({ sv: 0, sid }, 3600, 'abc'))).toBe(401);
    expect(await me(await forge({ sv: 0, sid }, 3600, '99999999999999999999'))).toBe(401);
    const other = await signUp(t, 'forge2@sessions.test');
    expect(await me(await forge({ sv: 0, sid }, 3600, other.id))).toBe(401); // someone else's session
  });
});

describe('a block ends the player’s game sessions at once', () => {
  const ops = () => ({ authorization: `Bearer ${t.secrets.ops}` });

  it('house games and the provider gateway refuse bets on sessions launched before a block', async () => {
    const p = await signUp(t, 'blocked-games@sessions.test', 100);
    const mines = await launch(p, 'house-mines');
    const dice = await launch(p, 'house-dice');
    const slots = await launch(p, 'acme-fruits');
    // each session is in use (and cached) before the block
    expect((await t.app.inject({ url: '/house-api/session', headers: { 'x-game-token': mines } })).statusCode).toBe(
      200,
    );
    expect((await diceBet(t, dice)).statusCode).toBe(200);
    expect((await providerBet(slots, 'pre-block')).statusCode).toBe(200);

    const block = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops(),
      payload: { type: 'permanent', reason: 'fraud review' },
    });
    expect(block.statusCode).toBe(200);

    const refusedMines = await minesStart(t, mines);
    expect(refusedMines.statusCode).toBe(401);
    expect(refusedMines.json().code).toBe('GATEWAY_SESSION_CLOSED');
    expect((await diceBet(t, dice)).statusCode).toBe(401);
    const refusedSlots = await providerBet(slots, 'post-block');
    expect(refusedSlots.statusCode).toBe(412);
    expect(refusedSlots.json().reason).toBe('GATEWAY_SESSION_CLOSED');
    const open = await t.db
      .selectFrom('games_sessions')
      .select('id')
      .where('player_id', '=', p.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('self-exclusion ends them too', async () => {
    const p = await signUp(t, 'excluded-games@sessions.test', 100);
    const mines = await launch(p, 'house-mines');
    expect((await t.app.inject({ url: '/house-api/session', headers: { 'x-game-token': mines } })).statusCode).toBe(
      200,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/set_block',
      headers: bearer(p.token),
      payload: { period: '7d' },
    });
    expect(res.statusCode).toBe(200);
    expect((await minesStart(t, mines)).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('a block on one instance reaches another’s game-session cache', () => {
  it('instance A refuses a cached session at once after B blocked the player', async () => {
    await withTwoInstances(async (a, b) => {
      const p = await signUp(a, 'cross-instance@sessions.test', 100);
      const mines = await launch(p, 'house-mines');
      expect((await a.app.inject({ url: '/house-api/session', headers: { 'x-game-token': mines } })).statusCode).toBe(
        200,
      );
      const block = await b.app.inject({
        method: 'POST',
        url: `/ops-api/players/${p.id}/block`,
        headers: { authorization: `Bearer ${b.secrets.ops}` },
        payload: { type: 'permanent' },
      });
      expect(block.statusCode).toBe(200);
      // the bus message has to cross Redis: a few milliseconds, far inside the cache's 5 s
      await new Promise((r) => setTimeout(r, 100));
      const status = (await minesStart(a, mines)).statusCode;
      expect(status).toBe(401);
    });
  });
});
