import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insets, PlatformAdapter } from '../platform.types';
import { createTelegramLaunch, isDarkColor, readLaunchParams, sdkWouldRefuse } from './telegram-launch';

// The Mini App's first render does not wait for the Telegram SDK (issue 28's first-load budget): these tests hold the
// launch adapter to what the SDK's adapter would have answered, and to handing over every call once it has started.

const initData =
  'user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Tess%22%2C%22language_code%22%3A%22ru%22%7D&auth_date=1700000000&start_param=promo42&signature=abc&hash=def';
const theme = { bg_color: '#17212b', text_color: '#f5f5f5', secondary_bg_color: '#232e3c' };
const launchHash = (extra = '') =>
  `/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios&tgWebAppVersion=8.0` +
  `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}${extra}`;

/** A stand-in for the SDK's adapter that records what it was asked. */
function sdkAdapter() {
  const calls: unknown[][] = [];
  let insetsListener: ((i: Insets) => void) | null = null;
  const a = {
    kind: 'telegram',
    vkuiPlatform: 'ios',
    getInitData: () => initData,
    getStartParam: () => 'promo42',
    getLanguageCode: () => 'ru',
    usesEtagCache: false,
    storage: { get: () => null, set: () => undefined, remove: () => undefined },
    setBackButton: (visible: boolean) => calls.push(['back', visible]),
    haptics: {
      impact: (s?: string) => calls.push(['impact', s]),
      notification: () => undefined,
      selection: () => undefined,
    },
    getColorScheme: () => 'dark',
    onColorSchemeChange: () => () => undefined,
    getSafeAreaInsets: () => ({ top: 44, bottom: 34, left: 0, right: 0 }),
    onSafeAreaChange: (l: (i: Insets) => void) => {
      insetsListener = l;
      return () => {
        insetsListener = null;
        calls.push(['insets off']);
      };
    },
    openLink: (url: string) => calls.push(['link', url]),
    openTelegramLink: (url: string) => calls.push(['tg link', url]),
    setClosingConfirmation: (on: boolean) => calls.push(['closing', on]),
    ready: () => calls.push(['ready']),
    requestWriteAccess: async () => true,
    loadNative: async () => ({ native: true }) as never,
  } satisfies PlatformAdapter;
  return { a, calls, emitInsets: (i: Insets) => insetsListener?.(i) };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  window.history.replaceState(null, '', launchHash());
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the Mini App before the SDK has started', () => {
  it('answers the first render from the launch parameters: launch data, language, platform, theme, storage', () => {
    const { adapter } = createTelegramLaunch(
      () => new Promise(() => undefined), // the SDK never arrives
      async () => sdkAdapter().a,
    );
    expect(adapter.kind).toBe('telegram');
    expect(adapter.getInitData()).toBe(initData);
    expect(adapter.getStartParam()).toBe('promo42');
    expect(adapter.getLanguageCode()).toBe('ru');
    expect(adapter.vkuiPlatform).toBe('ios');
    expect(adapter.usesEtagCache).toBe(false);
    expect(adapter.getColorScheme()).toBe('dark'); // #17212b is dark by Telegram's rule
    expect(adapter.getSafeAreaInsets()).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
    // the theme's colours as the SDK binds them, so the first render is in Telegram's colours
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-secondary-bg-color')).toBe('#232e3c');
    // the same per-account keys as the SDK's adapter, so a session is found either way
    adapter.storage.set('jwt', 't1');
    expect(localStorage.getItem('tg42:jwt')).toBe('t1');
    expect(adapter.storage.get('jwt')).toBe('t1');
  });

  it('keeps what the page asked for and makes it once the SDK has started; then hands every call over', async () => {
    const sdk = sdkAdapter();
    let arrive!: (a: PlatformAdapter) => void;
    const load = vi.fn(() => new Promise<PlatformAdapter>((resolve) => (arrive = resolve)));
    const { adapter, start } = createTelegramLaunch(load, async () => sdkAdapter().a);
    adapter.ready();
    adapter.setBackButton(true, () => undefined);
    adapter.setBackButton(false, () => undefined); // only the last state counts
    adapter.setClosingConfirmation(true);
    adapter.haptics.impact('light'); // dropped: feedback a second late is wrong feedback
    const insets: Insets[] = [];
    const off = adapter.onSafeAreaChange((i) => insets.push(i));
    expect(load).not.toHaveBeenCalled(); // the first render needs none of these: the SDK is not loaded for them
    adapter.openLink('https://example.com/terms'); // … but a link is the SDK's to open: this call starts it
    expect(load).toHaveBeenCalledTimes(1);
    const native = adapter.loadNative();
    expect(sdk.calls).toEqual([]);

    arrive(sdk.a);
    expect(await start()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    await native;
    expect(sdk.calls).toEqual([['ready'], ['back', false], ['closing', true], ['link', 'https://example.com/terms']]);
    expect(insets).toEqual([{ top: 44, bottom: 34, left: 0, right: 0 }]); // told the real insets at once
    sdk.emitInsets({ top: 50, bottom: 0, left: 0, right: 0 });
    expect(insets.at(-1)).toEqual({ top: 50, bottom: 0, left: 0, right: 0 });
    off();
    expect(sdk.calls.at(-1)).toEqual(['insets off']);

    adapter.haptics.impact('heavy');
    expect(adapter.getSafeAreaInsets()).toEqual({ top: 44, bottom: 34, left: 0, right: 0 });
    expect(sdk.calls.at(-1)).toEqual(['impact', 'heavy']);
  });

  it('a subscription dropped before the SDK started never reaches it', async () => {
    const sdk = sdkAdapter();
    const { adapter, start } = createTelegramLaunch(
      async () => sdk.a,
      async () => sdkAdapter().a,
    );
    const seen: Insets[] = [];
    const off = adapter.onSafeAreaChange((i) => seen.push(i));
    off();
    await start();
    sdk.emitInsets({ top: 1, bottom: 1, left: 1, right: 1 });
    expect(seen).toEqual([]);
  });

  it('when the SDK fails to start, the SDK-free fallback answers and the start says so', async () => {
    const fallback = sdkAdapter();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { adapter, start } = createTelegramLaunch(
        () => Promise.reject(new Error('chunk failed to load')),
        async () => fallback.a,
      );
      adapter.ready();
      expect(await start()).toBe(false);
      expect(fallback.calls).toEqual([['ready']]);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('launch parameters', () => {
  it('are kept for a reload after the router rewrote the address', () => {
    expect(readLaunchParams().get('tgWebAppPlatform')).toBe('ios');
    window.history.replaceState(null, '', '/profile/general/me');
    expect(readLaunchParams().get('tgWebAppData')).toBe(initData);
  });

  it('that the SDK would refuse are seen before it is loaded', () => {
    expect(sdkWouldRefuse(readLaunchParams())).toBe(false);
    const without = (key: string) => {
      const p = readLaunchParams();
      p.delete(key);
      return p;
    };
    expect(sdkWouldRefuse(without('tgWebAppVersion'))).toBe(true);
    expect(sdkWouldRefuse(without('tgWebAppPlatform'))).toBe(true);
    expect(sdkWouldRefuse(without('tgWebAppThemeParams'))).toBe(true);
    const unsigned = readLaunchParams();
    unsigned.set('tgWebAppData', initData.replace('&signature=abc', ''));
    expect(sdkWouldRefuse(unsigned)).toBe(true); // clients before Bot API 8.0
  });

  it('decide dark the way Telegram does', () => {
    expect(isDarkColor('#17212b')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#212121')).toBe(true);
    expect(isDarkColor(undefined)).toBe(false);
  });
});
