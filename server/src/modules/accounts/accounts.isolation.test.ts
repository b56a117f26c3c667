import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { onDatabaseOf, signUpPlayer, useTestApp, withTestApp } from '../../../test/fixtures';
import type { Mailer, OutgoingMail } from '../mail';

// Every /users/me call acts on the caller only; profile input is checked before anything is written;
// one-time links and 2FA codes work once.
const clock = fixedClock('2026-11-22T12:00:00Z');
const sent: OutgoingMail[] = [];
const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), outbox: () => [] };

const t = useTestApp({ clock, mailer, env: { AUTH_ATTEMPTS_PER_WINDOW: '50' } });

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ url: '/main-api/users/me', headers: as(token) });
const put = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/main-api/users/me', headers: as(token), payload });
const signIn = (form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/main-api/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
const linkToken = (mail: OutgoingMail, param: string) =>
  new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get(param)!;

/** A signed-up player; id as the API writes it (a number). */
async function newPlayer(email: string) {
  const p = await signUpPlayer(t, { email });
  return { token: p.token, id: Number(p.id), email };
}

describe('another player’s data is never reachable', () => {
  it('reads and writes only the caller, whatever ids the body carries', async () => {
    const alice = await newPlayer('alice@iso.test');
    const bob = await newPlayer('bob@iso.test');
    const res = await put(alice.token, { id: bob.id, player_id: bob.id, name: 'Alice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alice.id, name: 'Alice', email: 'alice@iso.test' });
    expect((await me(bob.token)).json()).toMatchObject({ id: bob.id, name: null, email: 'bob@iso.test' });
    expect(JSON.stringify((await me(alice.token)).json())).not.toContain('bob@iso.test');
  });

  it('has no /users/{id} route that would expose someone else', async () => {
    const alice = await newPlayer('alice2@iso.test');
    const bob = await newPlayer('bob2@iso.test');
    const res = await t.app.inject({ url: `/main-api/users/${bob.id}`, headers: as(alice.token) });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('bob2@iso.test');
  });

  it('changes only the caller’s password, and another player’s link confirms only that player', async () => {
    const alice = await newPlayer('alice3@iso.test');
    const bob = await newPlayer('bob3@iso.test');
    await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/email_verification_request',
      headers: as(bob.token),
    });
    const bobsLink = linkToken(sent.at(-1)!, 'email_verification_token');
    expect(sent.at(-1)!.to).toBe('bob3@iso.test');
    // Alice opens Bob's link while signed in: it confirms Bob's address (the token is the proof), never Alice's
    const res = await t.app.inject({
      method: 'POST',
      url: `/main-api/users/me/verify_email?email_verification_token=${bobsLink}`,
      headers: as(alice.token),
    });
    expect(res.statusCode).toBe(204);
    expect((await me(alice.token)).json().is_email_verified).toBe(false);
    expect((await me(bob.token)).json().is_email_verified).toBe(true);

    const change = await t.app.inject({
      method: 'PUT',
      url: '/main-api/users/me/password',
      headers: as(alice.token),
      payload: { old_password: 'correct horse', new_password: 'alice only 1' },
    });
    expect(change.statusCode).toBe(204);
    expect((await signIn({ username: 'bob3@iso.test', password: 'correct horse' })).statusCode).toBe(200);
    expect((await signIn({ username: 'bob3@iso.test', password: 'alice only 1' })).statusCode).toBe(401);
    // the session that changed the password stays valid
    expect((await me(alice.token)).statusCode).toBe(200);
  });
});

describe('profile input', () => {
  it('refuses dates that do not exist and unknown time zones with a 422 naming the field, writing nothing', async () => {
    const p = await newPlayer('dates@iso.test');
    const feb31 = await put(p.token, { birthday: '1990-02-31', name: 'Never' });
    expect(feb31.statusCode).toBe(422);
    expect(feb31.json().detail).toMatch(/body\/birthday: must be a real date/);
    const zone = await put(p.token, { time_zone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(422);
    expect(zone.json().detail).toMatch(/body\/time_zone/);
    expect((await me(p.token)).json()).toMatchObject({ name: null, birthday: null });
    expect((await put(p.token, { time_zone: 'Europe/Berlin', birthday: '1990-02-28' })).json()).toMatchObject({
      birthday: '1990-02-28',
    });
  });

  it('refuses an unknown language and keeps the sign-in email of a password account', async () => {
    const p = await newPlayer('keep@iso.test');
    const lang = await put(p.token, { language_code: 'xx' });
    expect(lang.statusCode).toBe(422);
    expect(lang.json().detail).toMatch(/body\/language_code/);
    const noEmail = await put(p.token, { email: null });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json().detail).toMatch(/body\/email/);
    expect((await signIn({ username: 'keep@iso.test', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('resets the confirmation when the email changes', async () => {
    const p = await newPlayer('old@iso.test');
    await t.app.inject({ method: 'POST', url: '/main-api/users/me/email_verification_request', headers: as(p.token) });
    const link = linkToken(sent.at(-1)!, 'email_verification_token');
    await t.app.inject({ method: 'POST', url: `/main-api/users/me/verify_email?email_verification_token=${link}` });
    expect((await me(p.token)).json().is_email_verified).toBe(true);
    const changed = await put(p.token, {
      email: 'new@iso.test',
      time_limit: 3600,
      preferred_communication_channel: 'telegram',
      unsubscribed: true,
    });
    expect(changed.json()).toMatchObject({
      email: 'new@iso.test',
      is_email_verified: false,
      time_limit: 3600,
      preferred_communication_channel: 'telegram',
      unsubscribed: true,
    });
    expect((await put(p.token, { time_limit: 0 })).statusCode).toBe(422);
  });

  it('signs out with a 204', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/main-api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('one-time links and codes', () => {
  it('refuses an expired password reset link and leaves the password alone', async () => {
    await newPlayer('slow@iso.test');
    await t.app.inject({
      method: 'POST',
      url: '/main-api/users/reset_password_request',
      payload: { email: 'SLOW@iso.test' },
    });
    expect(sent.at(-1)!.to).toBe('slow@iso.test');
    const token = linkToken(sent.at(-1)!, 'password_reset_token');
    clock.advance(3601_000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/main-api/users/reset_password',
        payload: { token, password: 'too late pass' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('token_invalid');
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/main-api/users/reset_password',
        payload: { token: 'x'.repeat(43), password: 'too late pass' },
      });
      expect(unknown.json().detail).toBe('token_invalid');
    } finally {
      clock.advance(-3601_000);
    }
    expect((await signIn({ username: 'slow@iso.test', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('accepts one of two simultaneous sign-ins with the same 2FA code, never both', async () => {
    const p = await newPlayer('race@iso.test');
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/main-api/users/me/2fa/setup', headers: as(p.token) })
    ).json();
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/main-api/users/me/2fa/enable',
      headers: { ...as(p.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `two_factor_code=${await generate({ secret, epoch: epoch() })}`,
    });
    expect(enable.statusCode).toBe(204);
    clock.advance(30_000);
    try {
      const code = await generate({ secret, epoch: epoch() });
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          signIn({ username: 'race@iso.test', password: 'correct horse', two_factor_code: code }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 401, 401, 401]);
    } finally {
      clock.advance(-30_000);
    }
  });
});

describe('sign-up attempts per account', () => {
  it('limits repeated sign-ups for one email even from many addresses', async () => {
    await withTestApp(
      { clock, mailer, ...onDatabaseOf(t), env: { AUTH_ATTEMPTS_PER_WINDOW: '2' } },
      async (limited) => {
        const codes: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/main-api/auth/signup',
            remoteAddress: `10.0.0.${i + 1}`,
            payload: { email: 'Spam@iso.test', password: 'correct horse', accept_terms: true },
          });
          codes.push(res.statusCode);
          if (res.statusCode === 429)
            expect(res.json()).toMatchObject({
              code: 'ACCOUNTS_TOO_MANY_ATTEMPTS',
              detail: expect.stringMatching(/Too many attempts/),
            });
        }
        expect(codes).toEqual([201, 409, 429]);
      },
    );
  });
});
