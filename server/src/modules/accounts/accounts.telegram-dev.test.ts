import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, createHmac } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpPlayer, useTestApp, withTestApp } from '../../../test/fixtures';

// The development path of Telegram sign-in (launch data signed by /dev-api with the development bot token, checked by
// the real validation), the dev mail outbox, the Login Widget for a first-time user, and a block closing live sockets.
const BOT_TOKEN = '1000000000:dev-token-for-tests';
let dataDir: string;
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});
const t = useTestApp(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'accounts-dev-'));
  return { telegramBotToken: BOT_TOKEN, env: { DATA_DIR: dataDir } };
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('development helpers (/dev-api)', () => {
  it('signs emulated launch data that the real initData check accepts', async () => {
    const signed = await t.app.inject({
      url: '/dev-api/telegram/sign-init-data?user_id=777001&first_name=Dev&username=devuser&start_param=camp9',
    });
    expect(signed.statusCode).toBe(200);
    const { init_data } = signed.json();
    const res = await t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data } });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/main-api/users/me', headers: as(res.json().access_token) })).json();
    expect(me).toMatchObject({ username: 'devuser', ref_info: 'camp9', has_telegram: true, email: null });
    const tampered = String(init_data).replace('camp9', 'camp0');
    expect(
      (await t.app.inject({ method: 'POST', url: '/main-api/auth/telegram', payload: { init_data: tampered } }))
        .statusCode,
    ).toBe(401);
  });

  it('writes mails to DATA_DIR/outbox and lists them newest first', async () => {
    const p = await signUpPlayer(t, { email: 'outbox@dev.test' });
    await t.app.inject({ method: 'POST', url: '/main-api/users/me/email_verification_request', headers: p.headers });
    await t.app.inject({
      method: 'POST',
      url: '/main-api/users/reset_password_request',
      payload: { email: 'outbox@dev.test' },
    });
    expect(readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.json'))).toHaveLength(2);
    const list = (await t.app.inject({ url: '/dev-api/outbox' })).json() as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    expect(list.map((m) => m.subject)).toEqual(['Reset your password', 'Confirm your email']);
    expect(list[0]!.to).toBe('outbox@dev.test');
    expect(list[0]!.text).toMatch(/\/\?password_reset_token=[\w-]{20,}/);
  });

  it('does not exist in production', async () => {
    await withTestApp(
      {
        database: t.database,
        seed: false,
        telegramBotToken: BOT_TOKEN,
        env: {
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://casino.example',
          DATA_DIR: dataDir,
          TON_WATCHER_ENABLED: '0',
        },
      },
      async (prod) => {
        expect((await prod.app.inject({ url: '/dev-api/outbox' })).statusCode).toBe(404);
        expect((await prod.app.inject({ url: '/dev-api/telegram/sign-init-data?user_id=1' })).statusCode).toBe(404);
      },
    );
  });
});

describe('Telegram Login Widget', () => {
  const widget = (fields: Record<string, string | number>) => {
    const dcs = Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest()).update(dcs).digest('hex');
    return t.app.inject({ method: 'POST', url: '/main-api/auth/telegram-widget', payload: { ...fields, hash } });
  };

  it('creates the account of a first-time Telegram user, then finds it again', async () => {
    const fields = {
      id: 880011,
      first_name: 'Wid',
      last_name: 'Get',
      username: 'widget_user',
      photo_url: 'https://t.me/i/userpic/w.jpg',
      auth_date: Math.floor(Date.now() / 1000),
    };
    const first = await widget(fields);
    expect(first.statusCode).toBe(200);
    const me = (await t.app.inject({ url: '/main-api/users/me', headers: as(first.json().access_token) })).json();
    expect(me).toMatchObject({
      name: 'Wid',
      last_name: 'Get',
      username: 'widget_user',
      currency: 'USD',
      has_telegram: true,
      ref_info: null,
    });
    expect(me.avatar).toEqual({ image: fields.photo_url, preview: fields.photo_url });
    const again = await widget({ ...fields, auth_date: fields.auth_date + 1 });
    expect((await t.app.inject({ url: '/main-api/users/me', headers: as(again.json().access_token) })).json().id).toBe(
      me.id,
    );
  });

  it('refuses stale widget data', async () => {
    const res = await widget({ id: 880012, first_name: 'Old', auth_date: Math.floor(Date.now() / 1000) - 2 * 86400 });
    expect(res.statusCode).toBe(401);
  });
});

describe('a block reaches open sessions', () => {
  it('delivers user_blocked to the player’s socket and then closes it with 4403; a new socket is refused', async () => {
    const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/users/ws';
    const { token, id } = await signUpPlayer(t, { email: 'live-block@dev.test' });

    const socket = new WebSocket(url);
    const received: Array<{ type: string; data: unknown }> = [];
    socket.on('message', (raw) => received.push(JSON.parse(raw.toString())));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ token }));
    for (let i = 0; i < 150 && t.hub.stats().players === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(t.hub.stats().players).toBe(1);

    const block = await t.app.inject({
      method: 'POST',
      url: `/ops-api/players/${id}/block`,
      headers: { authorization: `Bearer ${t.secrets.ops}` },
      payload: { type: 'permanent', reason: 'test' },
    });
    expect(block.statusCode).toBe(200);
    expect(await closed).toBe(4403);
    expect(received).toContainEqual({ type: 'user_blocked', data: { type: 'block_permanent', time: null } });

    const again = new WebSocket(url);
    const againClosed = new Promise<number>((resolve) => again.once('close', (code) => resolve(code)));
    await new Promise((resolve) => again.once('open', resolve));
    again.send(JSON.stringify({ token }));
    expect(await againClosed).toBe(4401);
  });
});
