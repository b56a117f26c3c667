import { generate } from 'otplib';
import { sign } from '@telegram-apps/init-data-node';
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { onDatabaseOf, signUpPlayer, useTestApp, withTestApp } from '../../../test/fixtures';
import type { Mailer, OutgoingMail } from '../mail';

const BOT_TOKEN = '7000000001:test-bot-token';
const clock = fixedClock('2026-11-22T12:00:00Z');
const sent: OutgoingMail[] = [];
const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), outbox: () => [] };

const t = useTestApp({ clock, mailer, telegramBotToken: BOT_TOKEN, env: { AUTH_ATTEMPTS_PER_WINDOW: '50' } });

const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/main-api/auth/signup',
    payload: { email, password: 'correct horse', currency: 'EUR', accept_terms: true, ...extra },
  });
const signIn = (form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/main-api/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const as = (token: string) => ({ authorization: `Bearer ${token}` });
const lastLink = (param: string) => new URL(sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get(param)!;

/** A signed-up player (in EUR, as signUp); id as the API writes it (a number). */
async function newPlayer(email: string) {
  const p = await signUpPlayer(t, { email, currency: 'EUR' });
  return { token: p.token, id: Number(p.id) };
}

describe('sign-up and sign-in', () => {
  it('signs up, signs in, and shows the player', async () => {
    const res = await signUp('Ann@Example.com', { start_param: 'promo42' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ token_type: 'bearer' });
    const login = await signIn({ username: 'ann@example.com', password: 'correct horse' });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/main-api/users/me', headers: as(login.json().access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ann@example.com',
      currency: 'EUR',
      balance: 0,
      is_email_verified: false,
      is_2fa_enabled: false,
      ref_info: 'promo42',
    });
  });

  it('refuses a taken email with a clear 409', async () => {
    await newPlayer('taken@example.com');
    const res = await signUp('TAKEN@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNTS_EMAIL_TAKEN' });
    expect(res.json().detail).toMatch(/already exists/);
  });

  it('validates sign-up input and changes nothing', async () => {
    const bad = await signUp('not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/body\/email/);
    const noTerms = await signUp('terms@example.com', { accept_terms: false });
    expect(noTerms.json().detail).toMatch(/body\/accept_terms/);
    const shortPw = await signUp('pw@example.com', { password: 'short' });
    expect(shortPw.json().detail).toMatch(/body\/password: .*8/);
    const currency = await signUp('cur@example.com', { currency: 'XYZ' });
    expect(currency.statusCode).toBe(400);
    expect((await signIn({ username: 'terms@example.com', password: 'correct horse' })).statusCode).toBe(401);
  });

  it('refuses a wrong password without saying whether the email exists', async () => {
    const wrong = await signIn({ username: 'ann@example.com', password: 'nope' });
    const unknown = await signIn({ username: 'ghost@example.com', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('lists new players without emails', async () => {
    const res = await t.app.inject({ url: '/main-api/users/get_new_players' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('@example.com');
  });
});

describe('profile', () => {
  it('updates editable fields and ignores protected ones', async () => {
    const p = await newPlayer('edit@example.com');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me',
      headers: as(p.token),
      payload: {
        name: 'Edith',
        sex: 'female',
        birthday: '1990-05-17',
        country_code: 'DE',
        address: { city: 'Berlin' },
        language_code: 'ru',
        balance: 1e6,
        level: 99,
        block: 2,
        is_streamer: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edith',
      sex: 'female',
      birthday: '1990-05-17',
      address: { city: 'Berlin' },
      language_code: 'ru',
      balance: 0,
      level: 1,
      block: null,
      is_streamer: false,
    });
  });

  it('refuses a birthday less than 18 years ago', async () => {
    const p = await newPlayer('young@example.com');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me',
      headers: as(p.token),
      payload: { birthday: '2008-11-23' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/body\/birthday: .*18/);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me',
      headers: as(p.token),
      payload: { birthday: '2008-11-22' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses another player’s email and requires a token', async () => {
    const p = await newPlayer('mine@example.com');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me',
      headers: as(p.token),
      payload: { email: 'ann@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/main-api/users/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as('forged.token.here') })).statusCode).toBe(401);
  });

  it('changes the password; a wrong current one is a 400', async () => {
    const p = await newPlayer('pw-change@example.com');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me/password',
      headers: as(p.token),
      payload: { old_password: 'nope', new_password: 'new password 1' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me/password',
      headers: as(p.token),
      payload: { old_password: 'correct horse', new_password: 'new password 1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await signIn({ username: 'pw-change@example.com', password: 'new password 1' })).statusCode).toBe(200);
  });
});

describe('email confirmation and password reset', () => {
  it('confirms an email with a single-use link', async () => {
    const p = await newPlayer('verify@example.com');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/main-api/users/me/email_verification_request',
          headers: as(p.token),
        })
      ).statusCode,
    ).toBe(204);
    expect(sent.at(-1)).toMatchObject({ to: 'verify@example.com', subject: 'Confirm your email' });
    const token = lastLink('email_verification_token');
    const verify = () =>
      t.app.inject({ method: 'POST', url: `/main-api/users/me/verify_email?email_verification_token=${token}` });
    expect((await verify()).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) })).json().is_email_verified).toBe(
      true,
    );
    const reused = await verify();
    expect(reused.statusCode).toBe(403);
    expect(reused.json().detail).toBe('token_invalid');
  });

  it('refuses an expired confirmation link', async () => {
    const p = await newPlayer('late@example.com');
    await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me',
      headers: as(p.token),
      payload: { language_code: 'ru' },
    });
    await t.app.inject({ method: 'POST', url: '/main-api/users/me/email_verification_request', headers: as(p.token) });
    expect(sent.at(-1)!.subject).toBe('Подтвердите email');
    const token = lastLink('email_verification_token');
    clock.advance(25 * 3600 * 1000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/main-api/users/me/verify_email?email_verification_token=${token}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('token_invalid');
    } finally {
      clock.advance(-25 * 3600 * 1000);
    }
  });

  it('resets a password by link, ends old sessions, and never reveals whether an email exists', async () => {
    const p = await newPlayer('forgot@example.com');
    const before = sent.length;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/reset_password_request',
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(204);
    expect(sent.length).toBe(before);
    const known = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/reset_password_request',
      payload: { email: 'forgot@example.com' },
    });
    expect(known.statusCode).toBe(204);
    const token = lastLink('password_reset_token');
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/main-api/users/reset_password',
        payload: { token, password: 'brand new pass' },
      });
    expect((await reset()).statusCode).toBe(204);
    expect((await reset()).json().detail).toBe('token_invalid');
    expect((await signIn({ username: 'forgot@example.com', password: 'brand new pass' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) })).statusCode).toBe(401);
  });
});

describe('two-factor authentication', () => {
  it('sets up, enables, requires the code at sign-in, refuses a replay, and disables', async () => {
    const p = await newPlayer('2fa@example.com');
    const setup = await t.app.inject({ method: 'POST', url: '/main-api/users/me/2fa/setup', headers: as(p.token) });
    expect(setup.statusCode).toBe(200);
    const { qr_code, secret } = setup.json();
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const form = (code: string) => ({
      headers: { ...as(p.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `two_factor_code=${code}`,
    });

    const wrong = await t.app.inject({ method: 'POST', url: '/main-api/users/me/2fa/enable', ...form('000000') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('failed_to_enable_2fa');
    const enable = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/2fa/enable',
      ...form(await generate({ secret, epoch: epoch() })),
    });
    expect(enable.statusCode).toBe(204);

    const noCode = await signIn({ username: '2fa@example.com', password: 'correct horse' });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toMatchObject({ code: 'ACCOUNTS_2FA_REQUIRED', detail: 'two_factor_code_required' });
    clock.advance(30_000);
    const code = await generate({ secret, epoch: epoch() });
    expect(
      (await signIn({ username: '2fa@example.com', password: 'correct horse', two_factor_code: code })).statusCode,
    ).toBe(200);
    const replay = await signIn({ username: '2fa@example.com', password: 'correct horse', two_factor_code: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('ACCOUNTS_2FA_INVALID');

    clock.advance(30_000);
    const disable = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/2fa/disable',
      ...form(await generate({ secret, epoch: epoch() })),
    });
    expect(disable.statusCode).toBe(204);
    expect((await signIn({ username: '2fa@example.com', password: 'correct horse' })).statusCode).toBe(200);
  });
});

describe('Telegram sign-in', () => {
  const initData = (user: object, startParam?: string, date = clock.now()) =>
    sign({ user, ...(startParam ? { start_param: startParam } : {}) } as never, BOT_TOKEN, date);
  const tg = (init_data: string) =>
    t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data } });

  it('creates the player from the Telegram user the first time and finds it after', async () => {
    const user = {
      id: 424242,
      first_name: 'Tess',
      last_name: 'Gram',
      username: 'tessg',
      language_code: 'ru',
      photo_url: 'https://t.me/i/userpic/1.jpg',
    };
    const first = await tg(initData(user, 'ref-777'));
    expect(first.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/main-api/users/me', headers: as(first.json().access_token) })).json();
    expect(me).toMatchObject({
      name: 'Tess',
      last_name: 'Gram',
      username: 'tessg',
      language_code: 'ru',
      currency: 'USD',
      ref_info: 'ref-777',
      has_telegram: true,
    });
    expect(me.avatar.image).toBe('https://t.me/i/userpic/1.jpg');
    const again = await tg(initData(user));
    const me2 = (await t.app.inject({ url: '/main-api/users/me', headers: as(again.json().access_token) })).json();
    expect(me2.id).toBe(me.id);
    expect(me2.ref_info).toBe('ref-777');
  });

  it('refuses forged and stale data', async () => {
    const good = initData({ id: 5, first_name: 'X' }, 'promo');
    expect((await tg(good.replace('promo', 'hacked'))).statusCode).toBe(401);
    expect((await tg(sign({ user: { id: 5, first_name: 'X' } } as never, '1:other-bot', clock.now()))).statusCode).toBe(
      401,
    );
    const stale = initData({ id: 5, first_name: 'X' }, undefined, new Date(clock.now().getTime() - 25 * 3600 * 1000));
    expect((await tg(stale)).statusCode).toBe(401);
  });

  it('signs in an existing Telegram player with the Login Widget, and refuses a forged one', async () => {
    const fields = {
      id: 424242,
      first_name: 'Tess',
      username: 'tessg',
      auth_date: Math.floor(clock.now().getTime() / 1000),
    };
    const dcs = Object.entries(fields)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(dcs).digest('hex');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/telegram-widget',
      payload: { ...fields, hash },
    });
    expect(ok.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/main-api/auth/telegram-widget',
      payload: { ...fields, id: 1, hash },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('operator blocks', () => {
  const ops = { authorization: '', 'x-operator': 'carol' };
  it('blocks temporarily and permanently, answers 403 with the block info, tells open sessions, and unblocks', async () => {
    ops.authorization = `Bearer ${t.secrets.ops}`;
    const p = await newPlayer('blocked@example.com');
    const messages: unknown[] = [];
    t.bus.subscribe((e) => messages.push(e));
    const until = new Date(clock.now().getTime() + 3600_000).toISOString();
    const temp = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops,
      payload: { type: 'temporary', until, reason: 'review' },
    });
    expect(temp.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) });
    expect(me.statusCode).toBe(403);
    expect(me.json().detail).toMatchObject({ block_type: 'block_temporary', block_end: until });
    expect(messages).toContainEqual({
      target: { userId: String(p.id) },
      message: { type: 'user_blocked', data: { type: 'block_temporary', time: until } },
    });
    expect((await signIn({ username: 'blocked@example.com', password: 'correct horse' })).statusCode).toBe(403);

    await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops,
      payload: { type: 'permanent' },
    });
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) })).json().detail).toMatchObject({
      block_type: 'block_permanent',
      block_end: null,
    });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/ops-api/players/${p.id}/block`, headers: ops })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) })).statusCode).toBe(200);
    const actions = (await t.app.inject({ url: `/ops-api/players/${p.id}/actions`, headers: ops })).json();
    expect(actions.map((a: { action: string; actor: string }) => `${a.action}:${a.actor}`)).toEqual([
      'unblock:carol',
      'block:carol',
      'block:carol',
    ]);
  });

  it('refuses a temporary block without a future end, and the call without the operator token', async () => {
    const p = await newPlayer('blocked2@example.com');
    const past = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      headers: ops,
      payload: { type: 'temporary', until: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(422);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${p.id}/block`,
      payload: { type: 'permanent' },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(p.token) })).statusCode).toBe(200);
  });
});

describe('attempt limits', () => {
  it('limits sign-in attempts per account with a clear 429', async () => {
    await withTestApp(
      { clock, mailer, ...onDatabaseOf(t), env: { AUTH_ATTEMPTS_PER_WINDOW: '3' } },
      async (limited) => {
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/main-api/auth/token',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'username=victim%40example.com&password=guess' + i,
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([401, 401, 401, 429, 429]);
      },
    );
  });

  it('limits sign-in requests per IP', async () => {
    await withTestApp(
      { clock, mailer, ...onDatabaseOf(t), env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } },
      async (limited) => {
        const codes: number[] = [];
        for (let i = 0; i < 3; i++) {
          codes.push(
            (
              await limited.app.inject({
                method: 'POST',
                url: '/main-api/auth/token',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: `username=u${i}%40example.com&password=x`,
              })
            ).statusCode,
          );
        }
        expect(codes).toEqual([401, 401, 429]);
      },
    );
  });
});
