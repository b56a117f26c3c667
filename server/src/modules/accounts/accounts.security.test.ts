import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Mailer, OutgoingMail } from '../mail';

describe('captcha on sign-up and sign-in (when configured)', () => {
  let stand: Server;
  let t: TestApp;
  const seen: string[] = [];
  beforeAll(async () => {
    // a local stand-in of the provider's siteverify endpoint: only the token "good" passes
    stand = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get('secret')}:${form.get('response')}`);
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ success: form.get('response') === 'good' && form.get('secret') === 'captcha-secret' }),
        );
      });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', () => r()));
    const port = (stand.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: 'captcha-secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => stand.close(r));
  });

  const signUp = (captcha_token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/main-api/auth/signup',
      payload: {
        email: 'cap@example.com',
        password: 'correct horse',
        accept_terms: true,
        ...(captcha_token ? { captcha_token } : {}),
      },
    });

  it('refuses sign-up without a solved captcha and accepts a verified one', async () => {
    const missing = await signUp();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('ACCOUNTS_CAPTCHA_REQUIRED');
    const bad = await signUp('bad');
    expect(bad.json().code).toBe('ACCOUNTS_CAPTCHA_FAILED');
    expect((await signUp('good')).statusCode).toBe(201);
    expect(seen).toEqual(['captcha-secret:bad', 'captcha-secret:good']);
  });

  it('refuses sign-in without a solved captcha', async () => {
    const form = (extra = '') =>
      t.app.inject({
        method: 'POST',
        url: '/main-api/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=cap%40example.com&password=correct+horse${extra}`,
      });
    expect((await form()).statusCode).toBe(400);
    expect((await form('&captcha_token=good')).statusCode).toBe(200);
  });

  it('tells the app the site key to render', async () => {
    const res = await t.app.inject({ url: '/main-api/platform-config/general' });
    expect(res.json()).toMatchObject({ captcha_provider: 'turnstile' });
  });
});

describe('tokens never reach the log', () => {
  it('redacts one-time tokens, initData and the Authorization header from request logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), outbox: () => [] };
    const probe = await createTestApp({ mailer, env: { LOG_LEVEL: 'info' } });
    const t = await createTestApp({
      mailer,
      database: probe.database,
      seed: false,
      logger: { ...loggerOptions(probe.config), level: 'info', stream } as never,
    });
    try {
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/main-api/auth/signup',
        payload: { email: 'log@example.com', password: 'correct horse', accept_terms: true },
      });
      const token = signUp.json().access_token as string;
      await t.app.inject({
        method: 'POST',
        url: '/main-api/users/me/email_verification_request',
        headers: { authorization: `Bearer ${token}` },
      });
      const link = sent.at(-1)!.text.match(/email_verification_token=([\w-]+)/)![1]!;
      await t.app.inject({ method: 'POST', url: `/main-api/users/me/verify_email?email_verification_token=${link}` });
      const log = lines.join('');
      expect(log).toContain('/main-api/users/me/verify_email?email_verification_token=[redacted]');
      expect(log).not.toContain(link);
      expect(log).not.toContain(token);
      expect(log).not.toContain('correct horse');
    } finally {
      await t.close();
      await probe.close();
    }
  });
});
