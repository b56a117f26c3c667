import { beforeEach, describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../platform';
import { createApiClient } from '../shared/api';
import { session, setToken } from '../shared/session/session.store';
import { toasts } from '../shared/toast/toast.store';
import { setBlocked, setMaintenance, siteStatus } from '../features/site-status';
import { createAppApiHooks, isOwnBlockedPage } from './api-hooks';

const ORIGIN = 'http://app.test';
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The real API client and the app's real reactions, against a fake server; only leaving the page is recorded.
function setup(answer: () => Response) {
  const adapter = createBrowserAdapter();
  setPlatformForTests(adapter);
  const went: { navigate: string[]; assign: string[] } = { navigate: [], assign: [] };
  const hooks = createAppApiHooks(adapter, {
    origin: ORIGIN,
    navigate: (p) => went.navigate.push(p),
    assign: (u) => went.assign.push(u),
  });
  const client = createApiClient(hooks, { baseUrl: ORIGIN, fetch: (async () => answer()) as typeof fetch });
  return { client, went };
}

beforeEach(() => {
  setBlocked(false);
  setMaintenance(false);
  toasts.items.splice(0);
  session.token = null;
});

describe('the app’s answers to API policy events (spec §8)', () => {
  it('6000 with our own /blocked URL: blocked, in-app /blocked, rejects with Blocked', async () => {
    const { client, went } = setup(() => json({ error: 6000, redirect_url: `${ORIGIN}/blocked` }, 451));
    await expect(client.get('main-api/games/filter')).rejects.toThrow('Blocked');
    expect(siteStatus.blocked).toBe(true);
    expect(went).toEqual({ navigate: ['/blocked'], assign: [] });
  });

  it('6000 with another URL: blocked, the browser goes there', async () => {
    const { client, went } = setup(() => json({ error: 6000, redirect_url: 'https://mirror.example/' }, 451));
    await expect(client.get('main-api/games/filter')).rejects.toThrow('Blocked');
    expect(siteStatus.blocked).toBe(true);
    expect(went).toEqual({ navigate: [], assign: ['https://mirror.example/'] });
  });

  it('6000 without a URL: blocked, nowhere to go', async () => {
    const { client, went } = setup(() => json({ error: 6000 }, 451));
    await expect(client.get('main-api/x')).rejects.toThrow('Blocked');
    expect(siteStatus.blocked).toBe(true);
    expect(went).toEqual({ navigate: [], assign: [] });
  });

  it('6001: maintenance and /maintenance, rejects with Maintenance, no toast', async () => {
    const { client, went } = setup(() => json({ error: 6001 }, 503));
    await expect(client.get('main-api/banners/', { summary: 'get_banners' })).rejects.toThrow('Maintenance');
    expect(siteStatus.maintenance).toBe(true);
    expect(went.navigate).toEqual(['/maintenance']);
    expect(toasts.items).toHaveLength(0);
  });

  it('401 with a token: the jwt is removed and the page goes to /', async () => {
    const { client, went } = setup(() => json({ detail: 'Invalid or expired token' }, 401));
    setToken('old');
    await expect(client.get('main-api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(session.token).toBeNull();
    expect(went.assign).toEqual(['/']);
  });

  it('other failures: an error toast in the global group for 4 s under errors.{summary}, never server English', async () => {
    const { client } = setup(() => json({ detail: 'body/email: Invalid email', code: 'VALIDATION_ERROR' }, 422));
    await expect(client.put('main-api/users/me', {}, { summary: 'update_player' })).rejects.toMatchObject({
      status: 422,
    });
    expect(toasts.items).toEqual([
      expect.objectContaining({
        severity: 'error',
        group: 'global',
        life: 4000,
        summary: 'errors.update_player',
        detail: 'server_errors.VALIDATION_ERROR',
      }),
    ]);
  });
});

describe('isOwnBlockedPage', () => {
  it('matches our origin’s /blocked only', () => {
    expect(isOwnBlockedPage(`${ORIGIN}/blocked`, ORIGIN)).toBe(true);
    expect(isOwnBlockedPage(`${ORIGIN}/blocked/`, ORIGIN)).toBe(true);
    expect(isOwnBlockedPage('/blocked', ORIGIN)).toBe(true);
    expect(isOwnBlockedPage('https://other.example/blocked', ORIGIN)).toBe(false);
    expect(isOwnBlockedPage(`${ORIGIN}/`, ORIGIN)).toBe(false);
    expect(isOwnBlockedPage(undefined, ORIGIN)).toBe(false);
  });
});
