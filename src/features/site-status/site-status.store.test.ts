import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { __setClientForTests, createApiClient } from '../../shared/api';
import {
  CASHBACK_SETTINGS_TTL_MS,
  loadCashbackSettings,
  loadGeneralSettings,
  platformSettings,
  resetCashbackSettingsForTests,
  resetGeneralSettingsForTests,
} from './site-status.store';

// Decision 019, item 6: the spec loads general settings on every navigation; the app loads them once per page load
// (they change with a deploy), and tries again after a failure.
function fakeServer(answers: Array<() => Response>) {
  const adapter = createBrowserAdapter();
  setPlatformForTests(adapter);
  const calls: string[] = [];
  const fake = (async (input: Request) => {
    calls.push(new URL(input.url).pathname);
    return answers.shift()!();
  }) as unknown as typeof fetch;
  const hooks = {
    getToken: () => null,
    onUnauthorized: () => undefined,
    onBlocked: () => undefined,
    onMaintenance: () => undefined,
    onErrorToast: () => undefined,
    storage: adapter.storage,
    usesEtagCache: false,
  };
  __setClientForTests(createApiClient(hooks, { baseUrl: 'http://app.test', fetch: fake }));
  return calls;
}
const settings = () =>
  Response.json({ main_brand: true, telegram_bot_username: 'casino_bot', support_url: null, captcha_provider: null });

afterEach(() => {
  resetGeneralSettingsForTests();
  resetCashbackSettingsForTests();
});

describe('general settings', () => {
  it('load once per page load, however many navigations ask', async () => {
    const calls = fakeServer([settings, settings]);
    await Promise.all([loadGeneralSettings(), loadGeneralSettings()]);
    await loadGeneralSettings();
    expect(calls).toHaveLength(1);
    expect(platformSettings.mainBrand).toBe(true);
  });

  it('are asked again after a failure', async () => {
    const calls = fakeServer([() => new Response('down', { status: 500 }), settings]);
    await expect(loadGeneralSettings()).rejects.toBeTruthy();
    await loadGeneralSettings();
    expect(calls).toHaveLength(2);
  });
});

// Decision 021 (issue 28 item 15): cashback settings were fetched on every navigation; now on start, then at most
// every CASHBACK_SETTINGS_TTL_MS (an operator may switch cashback off), and again after a failure.
describe('cashback settings', () => {
  const cashback = () => Response.json({ is_enabled: true });
  it('load once however many navigations ask, and again when they are old', async () => {
    const calls = fakeServer([cashback, cashback, cashback]);
    const t0 = 1_000_000;
    await Promise.all([loadCashbackSettings(t0), loadCashbackSettings(t0 + 10)]);
    await loadCashbackSettings(t0 + CASHBACK_SETTINGS_TTL_MS - 1);
    expect(calls).toEqual(['/main-api/platform-config/cashback_settings']);
    expect(platformSettings.cashbackEnabled).toBe(true);
    await loadCashbackSettings(t0 + CASHBACK_SETTINGS_TTL_MS);
    expect(calls).toHaveLength(2);
  });

  it('are asked again after a failure', async () => {
    const calls = fakeServer([() => new Response('down', { status: 500 }), cashback]);
    await expect(loadCashbackSettings(5)).rejects.toBeTruthy();
    await loadCashbackSettings(6);
    expect(calls).toHaveLength(2);
  });
});
