import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startStandInBotApi } from '../../../../telegram/stand-in-bot-api';
import { refreshMenuButtonVersion } from './menu-button';

const TOKEN = '7000000001:menu-test-token';
const webApp = (url: string, text = 'Play') => ({ type: 'web_app', text, web_app: { url } });

describe('the menu button follows the build version', () => {
  let api: Awaited<ReturnType<typeof startStandInBotApi>>;
  beforeAll(async () => {
    api = await startStandInBotApi(TOKEN);
  });
  afterAll(async () => {
    await api.close();
  });
  const refresh = (url: string) => refreshMenuButtonVersion(new Api(TOKEN, { apiRoot: api.apiRoot }), url);

  it('moves a web_app button that opens this site to the new version, keeping its text', async () => {
    api.state.menu = webApp('https://casino.example/?v=old', 'Играть');
    expect(await refresh('https://casino.example/?v=new')).toBe('updated');
    expect(api.called('setChatMenuButton').at(-1)!.body).toEqual({
      menu_button: webApp('https://casino.example/?v=new', 'Играть'),
    });
    const sets = api.called('setChatMenuButton').length;
    expect(await refresh('https://casino.example/?v=new')).toBe('current');
    expect(api.called('setChatMenuButton')).toHaveLength(sets);
  });

  it('leaves alone a menu button the operator set up otherwise', async () => {
    const sets = api.called('setChatMenuButton').length;
    api.state.menu = { type: 'commands' };
    expect(await refresh('https://casino.example/?v=new')).toBe('not-ours');
    api.state.menu = webApp('https://other.example/?v=old');
    expect(await refresh('https://casino.example/?v=new')).toBe('not-ours');
    api.state.menu = webApp('https://casino.example/promo?v=old');
    expect(await refresh('https://casino.example/?v=new')).toBe('not-ours');
    expect(api.called('setChatMenuButton')).toHaveLength(sets);
  });

  describe('in the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      api.state.menu = webApp('https://casino.example/?v=previous-build');
      t = await createTestApp({
        env: {
          TELEGRAM_BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: api.apiRoot,
          TELEGRAM_WEBHOOK_SECRET: 'menu-secret',
          PUBLIC_URL: 'https://casino.example',
          BUILD_VERSION: 'b-2',
        },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('refreshes it once it listens, not before', async () => {
      expect(api.state.menu).toEqual(webApp('https://casino.example/?v=previous-build')); // ready (inject-only tests): untouched
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => api.state.menu, { timeout: 5000 }).toEqual(webApp('https://casino.example/?v=b-2'));
    });
  });
});
