import { describe, expect, it, vi } from 'vitest';
import { endpoint } from '@contracts/endpoint';
import { createApiClient, type ApiHooks } from './api-client';

type Handler = (req: Request) => Response | Promise<Response>;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(handler: Handler, overrides: Partial<ApiHooks> = {}) {
  const store = new Map<string, string>();
  const requests: Request[] = [];
  const hooks: ApiHooks = {
    getToken: () => 'tok',
    onUnauthorized: vi.fn(),
    onBlocked: vi.fn(),
    onMaintenance: vi.fn(),
    onErrorToast: vi.fn(),
    storage: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v) },
    usesEtagCache: true,
    ...overrides,
  };
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  }) as typeof fetch;
  const client = createApiClient(hooks, { baseUrl: 'http://app.test', fetch: fakeFetch });
  return { client, hooks, requests, store };
}

describe('API client policy (spec §7, §8)', () => {
  it('sends the bearer token and drops null and empty query parameters', async () => {
    const { client, requests } = setup(() => json({ ok: true }));
    await client.get('main-api/games/filter', {
      searchParams: { page: 1, name: '', provider: null, block_string_id: undefined, size: 50 },
    });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/main-api/games/filter');
    expect([...url.searchParams.keys()].sort()).toEqual(['page', 'size']);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('sends no token on anonymous calls (sign-in)', async () => {
    const { client, requests } = setup(() => json({ access_token: 'x' }));
    await client.postForm('main-api/auth/token', { username: 'a@b.c', password: 'p' }, { anonymous: true });
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(await requests[0]!.text()).toBe('username=a%40b.c&password=p');
  });

  it('answers a 304 from the ETag cache in the browser', async () => {
    let calls = 0;
    const { client, requests, store } = setup((req) => {
      calls++;
      if (req.headers.get('if-none-match') === 'W/"v1"') return new Response(null, { status: 304 });
      return json({ currencies: ['USD'] }, 200, { etag: 'W/"v1"' });
    });
    expect(await client.get('main-api/informational/all_currencies')).toEqual({ currencies: ['USD'] });
    expect(await client.get('main-api/informational/all_currencies')).toEqual({ currencies: ['USD'] });
    expect(calls).toBe(2);
    expect(requests[1]!.headers.get('if-none-match')).toBe('W/"v1"');
    expect(store.get('myAppCache')).toContain('W/\\"v1\\"');
  });

  it('reads the empty body of a 304 and a 204, which Chrome reports as cancelled when left unread', async () => {
    const reads: Array<[number, ReturnType<typeof vi.fn>]> = [];
    const { client } = setup((req) => {
      const res =
        req.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : req.headers.get('if-none-match') === 'W/"v1"'
            ? new Response(null, { status: 304 })
            : json({ currencies: ['USD'] }, 200, { etag: 'W/"v1"' });
      const read = vi.fn(() => Promise.resolve(new ArrayBuffer(0)));
      if (res.status !== 200) Object.defineProperty(res, 'arrayBuffer', { value: read });
      reads.push([res.status, read]);
      return res;
    });
    await client.get('main-api/informational/all_currencies');
    expect(await client.get('main-api/informational/all_currencies')).toEqual({ currencies: ['USD'] });
    await client.delete('main-api/games/favourites/1');
    expect(reads.map(([status, read]) => [status, read.mock.calls.length > 0])).toEqual([
      [200, false],
      [304, true],
      [204, true],
    ]);
  });

  it('keeps no ETag cache inside the Mini App', async () => {
    const { client, requests, store } = setup(() => json({ a: 1 }, 200, { etag: 'W/"v1"' }), { usesEtagCache: false });
    await client.get('main-api/x');
    await client.get('main-api/x');
    expect(requests[1]!.headers.get('if-none-match')).toBeNull();
    expect(store.get('myAppCache')).toBeUndefined();
  });

  it('signs out on a 401', async () => {
    const { client, hooks } = setup(() => json({ detail: 'Invalid or expired token' }, 401));
    await expect(client.get('main-api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(hooks.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('handles body error 6000 with our own /blocked URL and with another URL', async () => {
    const own = setup(() => json({ error: 6000, redirect_url: 'http://app.test/blocked' }, 451));
    await expect(own.client.get('main-api/x')).rejects.toThrow('Blocked');
    expect(own.hooks.onBlocked).toHaveBeenCalledWith('http://app.test/blocked');
    const other = setup(() => json({ error: 6000, redirect_url: 'https://mirror.example/' }, 451));
    await expect(other.client.get('main-api/x')).rejects.toThrow('Blocked');
    expect(other.hooks.onBlocked).toHaveBeenCalledWith('https://mirror.example/');
    expect(other.hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('handles body error 6001 as maintenance', async () => {
    const { client, hooks } = setup(() => json({ error: 6001, detail: 'The site is under maintenance' }, 503));
    await expect(client.get('main-api/x', { summary: 'get_banners' })).rejects.toThrow('Maintenance');
    expect(hooks.onMaintenance).toHaveBeenCalledOnce();
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('toasts other failures under the call’s summary with the server’s detail when it is a known key', async () => {
    const { client, hooks } = setup(() => json({ detail: 'token_invalid' }, 403), {
      hasText: (key) => key === 'token_invalid',
    });
    await expect(
      client.post('main-api/users/me/verify_email', undefined, { summary: 'confirm_email' }),
    ).rejects.toMatchObject({ status: 403, detail: 'token_invalid' });
    expect(hooks.onErrorToast).toHaveBeenCalledWith('confirm_email', 'token_invalid');
  });

  it('never toasts the server’s English: a text for its code, else for its status', async () => {
    const known = setup(() => json({ code: 'LIMITS_DEPOSIT_REACHED', detail: 'Deposit limit reached' }, 400));
    known.hooks.hasText = (key: string) => key === 'server_errors.LIMITS_DEPOSIT_REACHED';
    await expect(known.client.post('main-api/x', {}, { summary: 'set_limit' })).rejects.toMatchObject({
      code: 'LIMITS_DEPOSIT_REACHED',
    });
    expect(known.hooks.onErrorToast).toHaveBeenCalledWith('set_limit', 'server_errors.LIMITS_DEPOSIT_REACHED');
    const unknown = setup(() => json({ code: 'SOMETHING_NEW', detail: 'body/amount: Too small' }, 422));
    await expect(unknown.client.post('main-api/x', {}, { summary: 'set_limit' })).rejects.toBeTruthy();
    expect(unknown.hooks.onErrorToast).toHaveBeenCalledWith('set_limit', 'server_errors.VALIDATION_ERROR');
    const down = setup(() => json({ detail: 'Internal Server Error' }, 500));
    await expect(down.client.get('main-api/x', { summary: 'get_player' })).rejects.toBeTruthy();
    expect(down.hooks.onErrorToast).toHaveBeenCalledWith('get_player', 'server_errors.server');
  });

  it('lets a form handle its own 400 without a toast', async () => {
    const { client, hooks } = setup(() => json({ detail: 'Wrong password' }, 400));
    await expect(
      client.put('main-api/users/me/password', {}, { summary: 'change_password', silentStatuses: [400] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(hooks.onErrorToast).not.toHaveBeenCalled();
  });

  it('returns undefined for 204', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    expect(await client.postForm('main-api/users/me/2fa/enable', { two_factor_code: '123456' })).toBeUndefined();
  });

  it('calls a declared endpoint: its method, prefix, params, query, JSON or form body and the same cache', async () => {
    let calls = 0;
    const { client, requests } = setup((req) => {
      calls++;
      if (req.headers.get('if-none-match') === 'W/"p1"') return new Response(null, { status: 304 });
      if (req.method === 'GET') return json({ id: 7 }, 200, { etag: 'W/"p1"' });
      return req.url.endsWith('/cancel') ? json({ id: 7 }) : new Response(null, { status: 204 });
    });
    const one = endpoint<{ id: number }, void, { verbose?: boolean; name?: string }>('GET', 'int-api', '/items/:id');
    expect(await client.call(one, { params: { id: 'a/7' }, query: { verbose: true, name: '' } })).toEqual({ id: 7 });
    expect(await client.call(one, { params: { id: 'a/7' }, query: { verbose: true } })).toEqual({ id: 7 });
    expect(new URL(requests[0]!.url).pathname).toBe('/int-api/items/a%2F7');
    expect(new URL(requests[0]!.url).search).toBe('?verbose=true');
    expect(requests[1]!.headers.get('if-none-match')).toBe('W/"p1"');

    const cancel = endpoint<{ id: number }, { reason: string }>('POST', 'main-api', '/payments/:id/cancel');
    await client.call(cancel, { params: { id: 7 }, body: { reason: 'refused' } });
    expect(requests[2]!.method).toBe('POST');
    expect(await requests[2]!.json()).toEqual({ reason: 'refused' });

    const enable = endpoint<void, { code: string }>('POST', 'main-api', '/2fa/enable', { encoding: 'form' });
    expect(await client.call(enable, { body: { code: '123456' }, anonymous: true })).toBeUndefined();
    expect(await requests[3]!.text()).toBe('code=123456');
    expect(requests[3]!.headers.get('authorization')).toBeNull();

    // a missing path param is refused before anything is sent
    await expect(client.call(one, { params: {} })).rejects.toThrow("Missing path parameter 'id'");
    expect(calls).toBe(4);
  });
});
