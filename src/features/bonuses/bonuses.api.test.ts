import { describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { __setClientForTests, createApiClient } from '../../shared/api';
import { fetchWelcomeOffers, prefetchWelcomeOffers } from './bonuses.api';

// Issue 28 item 17: /bonuses asks for the welcome offers while its chunk loads (routes.ts); the page's first call
// takes that answer instead of asking again, and a later one (another currency, a retry) asks anew.
function fakeServer() {
  const adapter = createBrowserAdapter();
  setPlatformForTests(adapter);
  const calls: string[] = [];
  const fake = (async (input: Request) => {
    const url = new URL(input.url);
    calls.push(`${url.pathname}?${url.searchParams}`);
    return Response.json({ deposit: [], free_rounds: [] });
  }) as unknown as typeof fetch;
  __setClientForTests(
    createApiClient(
      {
        getToken: () => null,
        onUnauthorized: () => undefined,
        onBlocked: () => undefined,
        onMaintenance: () => undefined,
        onErrorToast: () => undefined,
        storage: adapter.storage,
        usesEtagCache: false,
      },
      { baseUrl: 'http://app.test', fetch: fake },
    ),
  );
  return calls;
}

describe('welcome offers asked early', () => {
  it('are taken once by the page, then asked anew', async () => {
    const calls = fakeServer();
    prefetchWelcomeOffers('USD', 'en');
    expect(await fetchWelcomeOffers('USD', 'en')).toEqual({ deposit: [], free_rounds: [] });
    expect(calls).toHaveLength(1);
    await fetchWelcomeOffers('USD', 'en'); // a retry or a live reload
    expect(calls).toHaveLength(2);
  });

  it('are not taken for another currency or language', async () => {
    const calls = fakeServer();
    prefetchWelcomeOffers('USD', 'en');
    await fetchWelcomeOffers('EUR', 'en');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toContain('currency=EUR');
  });
});
