import { sign } from '@telegram-apps/init-data-node';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Mailer, OutgoingMail } from '../src/modules/mail';
import { signUpPlayer, useTestApp, withTestApp } from './fixtures';
import type { TestApp } from './test-app';

// Issue 13, security items 7, 8, 10, 11: each test here failed on the code before its fix.

const BOT_TOKEN = '1234567:test-bot-token-for-replay';

/** A signed-up player's bearer token. */
const signUp = async (t: TestApp, email: string) => (await signUpPlayer(t, { email })).token;

describe('percent-encoded paths pass the same gates (item 7)', () => {
  const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } }, 600_000);

  it('after the sign-in limit answered 429, encoded attempts are 429 too', async () => {
    const attempt = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=nobody%40example.com&password=wrong+horse',
      });
    let last = 0;
    for (let i = 0; i < 4; i++) last = (await attempt('/main-api/auth/token')).statusCode;
    expect(last).toBe(429);
    for (const url of ['/%6dain-api/auth/token', '/main-api/auth/%74oken', '/%6D%61%69%6E-api/auth/token']) {
      expect((await attempt(url)).statusCode, url).toBe(429);
    }
  });

  it('during maintenance an encoded cash-out is refused with 6001', async () => {
    const token = await signUp(t, 'encoded@example.com');
    const ops = (is_active: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops-api/maintenance',
        headers: { authorization: `Bearer ${t.secrets.ops}` },
        payload: { is_active },
      });
    expect((await ops(true)).statusCode).toBe(200);
    try {
      for (const url of [
        '/%6dain-api/payments/cashout',
        '/main-api/payments/%63ashout',
        '/main-api//payments/cashout',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}` },
          payload: { amount: 10, method_id: 'sandbox', destination: 'x' },
        });
        expect([res.statusCode, res.json().error], url).toEqual([503, 6001]);
      }
    } finally {
      await ops(false);
    }
  });

  it('gives encoded API paths the API cache policy and the JSON 404', async () => {
    const res = await t.app.inject({ url: '/%6dain-api/site/status' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const missing = await t.app.inject({ url: '/%6dain-api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBeDefined();
  });
});

describe('links are never built from request headers (item 8)', () => {
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = { kind: 'outbox', send: async (mail) => void mails.push(mail), outbox: () => [] };
  const t = useTestApp(
    {
      mailer,
      env: { PUBLIC_URL: 'https://casino.example', PUBLIC_URLS: 'https://nova.example', BLOCKED_COUNTRIES: 'US' },
    },
    600_000,
  );

  it('mails a reset requested with Host: evil.example a link to the configured site', async () => {
    await signUp(t, 'victim@example.com');
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
      mails.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/main-api/users/reset_password_request',
        headers,
        payload: { email: 'victim@example.com' },
      });
      expect(res.statusCode).toBe(204);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('https://casino.example/?password_reset_token=');
      expect(mails[0]!.text).not.toContain('evil.example');
    }
  });

  it('without PUBLIC_URL (development default) mails http://localhost:$PORT, not the Host', async () => {
    const sent: OutgoingMail[] = [];
    await withTestApp(
      {
        mailer: { kind: 'outbox', send: async (mail) => void sent.push(mail), outbox: () => [] },
        env: { PORT: '4023' },
      },
      async (dev) => {
        await signUp(dev, 'victim@example.com');
        await dev.app.inject({
          method: 'POST',
          url: '/main-api/users/reset_password_request',
          headers: { host: 'evil.example' },
          payload: { email: 'victim@example.com' },
        });
        expect(sent[0]!.text).toContain('http://localhost:4023/?password_reset_token=');
      },
    );
  }, 120_000);

  it('picks a configured brand URL by Host', async () => {
    mails.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/main-api/users/reset_password_request',
      headers: { host: 'nova.example' },
      payload: { email: 'victim@example.com' },
    });
    expect(mails[0]!.text).toContain('https://nova.example/?password_reset_token=');
  });

  it('gives the deposit checkout and the blocked redirect the configured URL', async () => {
    const token = await signUp(t, 'depositor@example.com');
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/deposit',
      headers: { authorization: `Bearer ${token}`, host: 'evil.example' },
      payload: { amount: 10, method: 'sandbox', currency: 'USD' },
    });
    expect(deposit.statusCode).toBe(200);
    expect(deposit.json().redirect_url).toMatch(/^https:\/\/casino\.example\/sandbox-pay\//);
    const blocked = await t.app.inject({
      url: '/main-api/platform-config/cashback_settings',
      headers: { host: 'evil.example', 'cf-ipcountry': 'US' },
    });
    expect(blocked.statusCode).toBe(451);
    expect(blocked.json().redirect_url).toBe('https://casino.example/blocked');
  });

  it('refuses to start in production without PUBLIC_URL; defaults it in development', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://casino.example/' }).PUBLIC_URL).toBe(
      'https://casino.example',
    );
    expect(loadConfig({ NODE_ENV: 'development', PORT: '4023' }).PUBLIC_URL).toBe('http://localhost:4023');
  });
});

describe('bad input is a clear 4xx that changes nothing (item 10)', () => {
  let token: string;
  const t = useTestApp({}, 600_000);
  beforeAll(async () => {
    token = await signUp(t, 'nul@example.com');
  });
  const as = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const ops = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${t.secrets.ops}` },
      ...(payload ? { payload } : {}),
    });

  it('answers an over-long path parameter or a broken escape with the usual error body, not the path echoed', async () => {
    const long = 'x'.repeat(300);
    for (const url of [`/main-api/games/session_url/${long}/`, `/%6dain-api/games/session_url/${long}/`]) {
      const res = await as('GET', url);
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ detail: 'path: a path parameter is too long', code: 'VALIDATION_ERROR' });
    }
    const broken = await as('GET', '/main-api/games/session_url/%E0%A4%A/');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'path: not a valid URL', code: 'VALIDATION_ERROR' });
  });

  it('answers 422 for NUL in any text field or query, and saves nothing', async () => {
    const before = (await as('GET', '/main-api/users/me')).json();
    const cases = [
      as('PUT', '/main-api/users/me', { name: 'a\u0000b' }),
      as('PUT', '/main-api/users/me', { address: { city: 'x\u0000' } }),
      t.app.inject({
        method: 'POST',
        url: '/main-api/auth/signup',
        payload: { email: 'n2@example.com', password: 'correct horse', accept_terms: true, start_param: 'a\u0000' },
      }),
      as('POST', '/main-api/payments/cashout', {
        method: 'sandbox',
        amount: 10,
        currency: 'USD',
        destination: 'a\u0000',
      }),
      t.app.inject({ url: '/main-api/ui_style/active?domain=a%00b' }),
      t.app.inject({ url: '/main-api/informational/banners?domain=a%00b' }),
      t.app.inject({ url: '/main-api/games/filter?name=a%00b' }),
      t.app.inject({ url: '/main-api/games/filter?provider=a%00b' }),
      t.app.inject({ url: '/main-api/games/filter?block=a%00b' }),
      as('GET', '/main-api/games/session_url/lucky-dice/?language=e%00'),
    ];
    for (const res of await Promise.all(cases)) {
      expect([res.statusCode, res.json().code], res.body).toEqual([422, 'VALIDATION_ERROR']);
    }
    expect((await as('GET', '/main-api/users/me')).json()).toEqual(before);
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=n2%40example.com&password=correct+horse',
    });
    expect(signedUp.statusCode).toBe(401);
  });

  it('answers 422 for ids past the column range', async () => {
    const responses = await Promise.all([
      as('POST', '/main-api/games/favourites/99999999999'),
      as('DELETE', '/main-api/games/favourites/99999999999'),
      as('POST', '/main-api/payments/99999999999999999999/cancel'),
      as('GET', '/int-api/game_sessions/99999999999999999999/history'),
      ...['9999999999999999999', '99999999999999999999'].flatMap((id) => [
        ops('POST', `/ops-api/withdrawals/${id}/approve`, {}),
        ops('POST', `/ops-api/withdrawals/${id}/reject`, {}),
        ops('POST', `/ops-api/withdrawals/${id}/manual`, {}),
        ops('POST', `/ops-api/deposits/${id}/credit`, {}),
        ops('POST', `/ops-api/deposits/${id}/reject`, {}),
        ops('POST', `/ops-api/players/${id}/block`, { type: 'permanent' }),
        ops('DELETE', `/ops-api/players/${id}/block`),
        ops('GET', `/ops-api/players/${id}/actions`),
        ops('GET', `/ops-api/players/${id}/limit-changes`),
      ]),
    ]);
    for (const res of responses) {
      expect(res.statusCode, `${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${res.body}`).toBeLessThan(500);
    }
    expect((await as('POST', '/main-api/games/favourites/2147483648')).statusCode).toBe(422);
  });

  it('answers 401 for a signed token whose subject is not a player id', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode(t.secrets.jwt);
    for (const sub of ['abc', '99999999999999999999', '-1']) {
      const forged = await new SignJWT({ sv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      const res = await t.app.inject({ url: '/main-api/users/me', headers: { authorization: `Bearer ${forged}` } });
      expect(res.statusCode, sub).toBe(401);
    }
  });
});

describe('smaller edges (item 11)', () => {
  const t = useTestApp(
    {
      telegramBotToken: BOT_TOKEN,
      env: { PUBLIC_URL: 'https://casino.example', CORS_ORIGINS: 'https://partner.example', NODE_ENV: 'test' },
    },
    600_000,
  );

  it('accepts a Telegram initData once', async () => {
    const initData = sign({ user: { id: 777001, first_name: 'R' } } as never, BOT_TOKEN, new Date());
    const tg = () => t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data: initData } });
    expect((await tg()).statusCode).toBe(200);
    const replay = await tg();
    expect(replay.statusCode).toBe(401);
    expect(loadConfig({}).TELEGRAM_INIT_DATA_MAX_AGE_SECONDS).toBe(3600);
  });

  it("does not lock the owner out with someone else's wrong passwords", async () => {
    await signUp(t, 'owner@example.com');
    const signIn = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/main-api/auth/token',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=owner%40example.com&password=${encodeURIComponent(password)}`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn('wrong horse', '203.0.113.7')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn('correct horse', '198.51.100.20')).statusCode).toBe(200);
  });

  it('lets only the payer (the signed checkout URL) answer a sandbox payment', async () => {
    const token = await signUp(t, 'payer@example.com');
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/main-api/payments/deposit',
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: 10, method: 'sandbox', currency: 'USD' },
    });
    const { payment_id, redirect_url } = deposit.json();
    const guessed = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/${payment_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=success',
    });
    expect(guessed.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/${payment_id}/${'0'.repeat(64)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=success',
    });
    expect(forged.statusCode).toBe(404);
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(redirect_url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=success',
    });
    expect(paid.statusCode).toBe(302);
  });

  it('answers CORS only for the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/main-api/users/me',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('https://casino.example')).headers['access-control-allow-origin']).toBe(
      'https://casino.example',
    );
    expect((await preflight('https://partner.example')).headers['access-control-allow-origin']).toBe(
      'https://partner.example',
    );
  });
});

describe('the OpenAPI document (item 11)', () => {
  const t = useTestApp({}, 600_000);

  it('lists /ops-api only for the operator, and declares security and statuses', async () => {
    const publicDoc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/ops-api'))).toEqual([]);
    const opsDoc = (
      await t.app.inject({ url: '/docs/json', headers: { authorization: `Bearer ${t.secrets.ops}` } })
    ).json();
    expect(Object.keys(opsDoc.paths).filter((p) => p.startsWith('/ops-api')).length).toBeGreaterThan(3);
    const me = publicDoc.paths['/main-api/users/me'].get;
    expect(me.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '422', '429', '503']));
    expect(publicDoc.paths['/main-api/payments/cashout'].post.security).toEqual([{ bearer: [] }]);
    expect(publicDoc.paths['/house-api/bet'].post.security).toEqual([{ gameToken: [] }]);
    expect(publicDoc.components.securitySchemes.gameToken).toMatchObject({ in: 'header', name: 'X-Game-Token' });
  });
});
