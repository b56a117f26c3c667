import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { __setClientForTests, createApiClient } from '../../shared/api';
import { loadGeneralSettings, platformSettings, resetGeneralSettingsForTests } from './site-status.store';

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

afterEach(() => resetGeneralSettingsForTests());

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
