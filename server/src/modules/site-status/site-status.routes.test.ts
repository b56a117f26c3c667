import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('site status: maintenance switch and region block', () => {
  let t: TestApp;
  const ops = (body: unknown, token?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/ops-api/maintenance',
      headers: { authorization: `Bearer ${token ?? t.secrets.ops}`, 'x-operator': 'alice' },
      payload: body as object,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { BLOCKED_COUNTRIES: 'US, gb', PUBLIC_URL: 'https://casino.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the normal state', async () => {
    const res = await t.app.inject({ url: '/main-api/site/status' });
    expect(res.json()).toEqual({ maintenance: false, blocked: false });
  });

  it('refuses the operator switch without the operator token', async () => {
    const res = await ops({ is_active: true }, 'wrong-token');
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/main-api/site/status' })).json().maintenance).toBe(false);
  });

  it('answers body error 6001 while maintenance is on, keeps the status calls open, and records who switched it', async () => {
    const messages: unknown[] = [];
    t.bus.subscribe((e) => messages.push(e));
    expect((await ops({ is_active: true })).json()).toEqual({ maintenance: true });

    const gated = await t.app.inject({ url: '/main-api/platform-config/cashback_settings' });
    expect(gated.statusCode).toBe(503);
    expect(gated.json()).toMatchObject({ error: 6001, code: 'SITE_MAINTENANCE' });
    const open = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    expect(open.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/main-api/site/status' })).json().maintenance).toBe(true);
    expect(messages).toContainEqual({
      target: { all: true },
      message: { type: 'maintenance', data: { is_active: true } },
    });

    expect((await ops({ is_active: false })).json()).toEqual({ maintenance: false });
    expect((await t.app.inject({ url: '/main-api/platform-config/cashback_settings' })).statusCode).toBe(200);

    const audit = await t.app.inject({
      url: '/ops-api/audit?limit=2',
      headers: { authorization: `Bearer ${t.secrets.ops}` },
    });
    expect(audit.json().map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([
      ['maintenance_off', 'alice'],
      ['maintenance_on', 'alice'],
    ]);
  });

  it('answers body error 6000 with the blocked page URL to a blocked country', async () => {
    const res = await t.app.inject({
      url: '/main-api/platform-config/cashback_settings',
      headers: { 'cf-ipcountry': 'gb' },
    });
    expect(res.statusCode).toBe(451);
    expect(res.json()).toMatchObject({ error: 6000, redirect_url: 'https://casino.example/blocked' });
    const status = await t.app.inject({ url: '/main-api/site/status', headers: { 'cf-ipcountry': 'US' } });
    expect(status.json()).toEqual({ maintenance: false, blocked: true });
    const other = await t.app.inject({
      url: '/main-api/platform-config/cashback_settings',
      headers: { 'cf-ipcountry': 'DE' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('validates the operator body', async () => {
    const res = await ops({ is_active: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/body\/is_active/);
  });

  it('general settings: the support link is null (the app hides Support) when unset or a bare https://t.me/', async () => {
    const { supportUrl } = await import('./site-status.service');
    expect(supportUrl(undefined)).toBeNull();
    expect(supportUrl('')).toBeNull();
    expect(supportUrl('https://t.me/')).toBeNull();
    expect(supportUrl('https://t.me')).toBeNull();
    expect(supportUrl('javascript:alert(1)')).toBeNull();
    expect(supportUrl('https://t.me/casino_help')).toBe('https://t.me/casino_help');
    expect(supportUrl('https://help.casino.example/chat')).toBe('https://help.casino.example/chat');
    const res = await t.app.inject({ url: '/main-api/platform-config/general' });
    expect(res.statusCode).toBe(200);
    expect(res.json().support_url).toBeNull(); // the default SUPPORT_URL is the bare https://t.me/
  });
});
