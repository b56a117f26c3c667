import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildTonManifest, manifestOrigin } from './ton-manifest';

describe('the TON Connect manifest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://casino.example',
        PUBLIC_URLS: 'http://127.0.0.1:3000',
        PRIVACY_URL: 'https://casino.example/privacy',
        TELEGRAM_BOT_USERNAME: 'casino_bot',
        TELEGRAM_WEBAPP_SHORT_NAME: 'play',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the brand of the host it is asked on, with a PNG icon wallets can draw, open to any origin', async () => {
    const res = await t.app.inject({
      url: '/tonconnect-manifest.json',
      headers: { host: 'casino.example', 'x-forwarded-proto': 'http', origin: 'https://wallet.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // PUBLIC_URL's scheme wins on its own host: a proxy that forgets X-Forwarded-Proto must not make it http
    expect(res.json()).toEqual({
      url: 'https://casino.example',
      name: 'Lucky Star Casino',
      iconUrl: 'https://casino.example/media/brand/favicon.png',
      termsOfUseUrl: 'https://casino.example/terms',
      privacyPolicyUrl: 'https://casino.example/privacy',
    });
    const icon = await t.app.inject({ url: '/media/brand/favicon.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('never takes its address from an unconfigured Host', async () => {
    const res = await t.app.inject({ url: '/tonconnect-manifest.json', headers: { host: 'evil.example' } });
    expect(res.json()).toMatchObject({ url: 'https://casino.example', termsOfUseUrl: 'https://casino.example/terms' });
  });

  it('serves another (configured) brand on its own domain under its own name and address', async () => {
    const res = await t.app.inject({ url: '/tonconnect-manifest.json', headers: { host: '127.0.0.1:3000' } });
    expect(res.json()).toMatchObject({
      url: 'http://127.0.0.1:3000',
      name: 'Nova Bet',
      iconUrl: 'http://127.0.0.1:3000/media/brand/favicon-nova.png',
    });
  });

  it('tells the app the Mini App link (t.me/<bot>/<short name>) that wallets send the player back to', async () => {
    const res = await t.app.inject({ url: '/main-api/platform-config/general' });
    expect(res.json()).toMatchObject({ telegram_bot_username: 'casino_bot', telegram_webapp_short_name: 'play' });
  });
});

describe('buildTonManifest', () => {
  const none = (_path: string) => false;
  it('keeps PNG and ICO icons, swaps an SVG for its shipped PNG twin, else falls back to the default PNG', () => {
    const icon = (path: string | null, has = none) =>
      buildTonManifest({ origin: 'https://a.example/', brand: { name: 'A', icon: path }, hasMediaFile: has }).iconUrl;
    expect(icon('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(icon('/media/a/icon.ico')).toBe('https://a.example/media/a/icon.ico');
    expect(icon('/media/a/logo.svg', (p) => p === '/media/a/logo.png')).toBe('https://a.example/media/a/logo.png');
    expect(icon('/media/a/logo.svg')).toBe('https://a.example/media/brand/favicon.png');
    expect(icon('https://cdn.example/a.svg')).toBe('https://a.example/media/brand/favicon.png');
    expect(icon(null)).toBe('https://a.example/media/brand/favicon.png');
  });

  it('has no trailing slash in url and a name even without a brand', () => {
    expect(buildTonManifest({ origin: 'https://a.example/', brand: null, hasMediaFile: none })).toMatchObject({
      url: 'https://a.example',
      name: 'Casino',
      privacyPolicyUrl: 'https://a.example/terms',
    });
  });

  it('takes the origin of the configured URL, not of the host asked', () => {
    expect(manifestOrigin('other.example', () => 'https://casino.example/')).toBe('https://casino.example');
  });
});
