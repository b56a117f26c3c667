import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures';

// Issue 24: an operator's message to a segment by brand domain. A player's brand is the configured public URL's host
// the sign-up came through (PUBLIC_URL or PUBLIC_URLS); the Host header only chooses among them.
const t = useTestApp({
  env: { PUBLIC_URL: 'https://casino.example', PUBLIC_URLS: 'https://nova.example' },
  notificationsKickOnCommit: false,
});
const ops = () => ({ authorization: `Bearer ${t.secrets.ops}` });

async function signUpOn(host: string, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/main-api/auth/signup',
    headers: { host },
    payload: { email, password: 'correct-horse-battery-9', accept_terms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const headers = { authorization: `Bearer ${res.json().access_token as string}` };
  const me = await t.app.inject({ url: '/main-api/users/me', headers });
  return { id: String(me.json().id), headers };
}

describe('a segment by brand', () => {
  it('reaches the players who signed up on that brand; an unknown Host counts as the main site', async () => {
    const nova = await signUpOn('nova.example', 'nova@brand.test');
    const main = await signUpOn('casino.example', 'main@brand.test');
    const spoofed = await signUpOn('evil.example', 'evil@brand.test');
    const brands = await t.db
      .selectFrom('acc_players')
      .select(['id', 'brand_host'])
      .where('id', 'in', [nova.id, main.id, spoofed.id])
      .orderBy('id')
      .execute();
    expect(brands.map((b) => b.brand_host)).toEqual(['nova.example', 'casino.example', 'casino.example']);

    const send = (body: object) =>
      t.app.inject({ method: 'POST', url: '/ops-api/notifications/messages', headers: ops(), payload: body });
    const texts = { en: { title: 'Nova night', body: 'For Nova players' } };
    expect((await send({ segment: { brand: 'NOVA.example' }, texts, preview: true })).json()).toEqual({
      count: 1,
      preview: true,
    });
    expect((await send({ segment: { brand: 'nova.example' }, texts })).json()).toEqual({ count: 1, preview: false });
    const list = async (p: { headers: Record<string, string> }) =>
      (await t.app.inject({ url: '/main-api/notifications/user-notifications', headers: p.headers })).json().items;
    expect((await list(nova)).map((n: { title: string }) => n.title)).toEqual(['Nova night']);
    expect(await list(main)).toEqual([]);
    expect(await list(spoofed)).toEqual([]);
    expect((await send({ segment: { brand: 'nova.example/../x' }, texts })).statusCode).toBe(422);
  });
});
