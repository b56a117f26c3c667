import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../platform';
import { __setClientForTests, createApiClient } from '../shared/api';
import { i18next, initI18n } from '../shared/i18n/i18n';
import { setBlocked, setMaintenance } from '../features/site-status';
import { changeLanguage } from './language';

const served: string[] = [];
beforeAll(async () => {
  const adapter = createBrowserAdapter();
  setPlatformForTests(adapter);
  await initI18n('en');
  const fakeFetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    served.push(url.pathname);
    return new Response(JSON.stringify({ 'home.tagline': 'С сервера' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const hooks = {
    getToken: () => null,
    onUnauthorized() {},
    onBlocked() {},
    onMaintenance() {},
    onErrorToast() {},
    storage: adapter.storage,
    usesEtagCache: false,
  };
  __setClientForTests(createApiClient(hooks, { baseUrl: 'http://app.test', fetch: fakeFetch }));
});

beforeEach(() => {
  setBlocked(false);
  setMaintenance(false);
});

describe('language change (spec §5)', () => {
  it('is skipped while in maintenance or blocked', async () => {
    setMaintenance(true);
    expect(await changeLanguage('ru')).toBe(false);
    expect(i18next.language).toBe('en');
    setMaintenance(false);
    setBlocked(true);
    expect(await changeLanguage('ru')).toBe(false);
    expect(i18next.language).toBe('en');
  });

  it('switches, keeps the choice under `locale` and merges the server’s texts', async () => {
    expect(await changeLanguage('ru')).toBe(true);
    expect(i18next.language).toBe('ru');
    expect(localStorage.getItem('locale')).toBe('ru');
    expect(served).toContain('/main-api/translations/ru');
    expect(i18next.t('home.tagline')).toBe('С сервера');
  });
});
