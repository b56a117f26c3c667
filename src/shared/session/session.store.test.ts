import { describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { __setClientForTests, createApiClient } from '../api';
import { session, setToken, signOut } from './session.store';

// Issue 13 item 9: signing out ends the sign-in on the server too (the token would otherwise live 7 days).
describe('sign-out', () => {
  it('tells the server to end this token’s sign-in, then clears it and goes to /', async () => {
    const adapter = createBrowserAdapter();
    setPlatformForTests(adapter);
    const calls: Array<{ url: string; method: string; authorization: string | null }> = [];
    const fake = (async (input: Request) => {
      calls.push({ url: input.url, method: input.method, authorization: input.headers.get('authorization') });
      return new Response(null, { status: 204 });
    }) as unknown as typeof fetch;
    const hooks = {
      getToken: () => session.token,
      onUnauthorized: () => undefined,
      onBlocked: () => undefined,
      onMaintenance: () => undefined,
      onErrorToast: () => undefined,
      storage: adapter.storage,
      usesEtagCache: false,
    };
    __setClientForTests(createApiClient(hooks, { baseUrl: 'http://app.test', fetch: fake }));
    setToken('token-1');
    const went: string[] = [];
    signOut((url) => went.push(url));
    expect(session.token).toBeNull();
    expect(went).toEqual(['/']);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([
      { url: 'http://app.test/main-api/auth/logout', method: 'POST', authorization: 'Bearer token-1' },
    ]);
  });
});
