import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPackageState } from '@telegram-apps/bridge';
import { createBrowserAdapter } from './browser/browser-adapter';
import { detectTelegram } from './telegram/telegram-detect';

const theme = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
} as never;
const initData =
  'user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Tess%22%2C%22language_code%22%3A%22ru%22%7D&auth_date=1700000000&start_param=promo42&signature=abc&hash=def';

beforeEach(async () => {
  // The SDK's components live in the package (not reset by vi.resetModules): unmount them, then reset the bridge.
  const sdk = await import('@telegram-apps/sdk-react');
  for (const component of [
    sdk.backButton,
    sdk.miniApp,
    sdk.themeParams,
    sdk.viewport,
    sdk.closingBehavior,
    sdk.swipeBehavior,
  ])
    component.unmount();
  sessionStorage.clear();
  resetPackageState();
  localStorage.clear();
  vi.resetModules(); // the SDK keeps component state per module instance: each test launches a fresh one
  window.history.replaceState(null, '', '/');
});

afterEach(async () => {
  // let a Telegram adapter's viewport finish mounting (it waits for the client's answers) before the next test resets
  const { viewport } = await import('@telegram-apps/sdk-react');
  await vi.waitFor(() => expect(viewport.isMounting()).toBe(false));
});

describe('platform detection', () => {
  it('is the browser without launch parameters', () => {
    expect(detectTelegram()).toBe(false);
  });
  it('is Telegram with launch parameters in the hash, and after the router dropped them', () => {
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios&tgWebAppVersion=8.0`,
    );
    expect(detectTelegram()).toBe(true);
    window.history.replaceState(null, '', '/');
    sessionStorage.setItem('tapps/launchParams', 'tgWebAppPlatform=ios');
    expect(detectTelegram()).toBe(true);
  });
});

describe('launch parameters without a Telegram client (a Mini App link in a plain browser)', () => {
  it('sees no client in a plain page, and one behind the webview bridge', async () => {
    const { hasTelegramClient } = await import('./telegram/telegram-detect');
    expect(hasTelegramClient()).toBe(false);
    const w = window as unknown as { TelegramWebviewProxy?: unknown };
    w.TelegramWebviewProxy = { postEvent: () => undefined };
    try {
      expect(hasTelegramClient()).toBe(true);
    } finally {
      delete w.TelegramWebviewProxy;
    }
  });

  it('runs as a website that keeps the launch data and says why, without starting the SDK', async () => {
    window.history.replaceState(
      null,
      '',
      `/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=tdesktop&tgWebAppVersion=8.0`,
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { initPlatform, platformProblem } = await import('./index');
      const platform = await initPlatform();
      expect(platformProblem()).toBe('telegram_client_missing');
      expect(platform.getInitData()).toBe(initData); // the server still signs the player in from it
      expect(platform.getStartParam()).toBe('promo42');
      expect(errors).not.toHaveBeenCalled(); // no UnknownEnvError from the SDK
      // a reload (the router dropped the hash) is the same launch
      window.history.replaceState(null, '', '/');
      expect(detectTelegram()).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});

describe('inside a Telegram client', () => {
  const withClient = async (hash: string, fn: () => Promise<void>) => {
    window.history.replaceState(null, '', hash);
    const { emitEvent } = await import('@telegram-apps/sdk-react');
    const w = window as unknown as { TelegramWebviewProxy?: unknown };
    // a client that answers what the SDK's viewport asks when it mounts
    const answers: Record<string, () => void> = {
      web_app_request_viewport: () =>
        emitEvent('viewport_changed', { height: 800, width: 400, is_expanded: true, is_state_stable: true }),
      web_app_request_safe_area: () => emitEvent('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 }),
      web_app_request_content_safe_area: () =>
        emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }),
      web_app_request_theme: () => emitEvent('theme_changed', { theme_params: theme }),
    };
    w.TelegramWebviewProxy = { postEvent: (type: string) => void setTimeout(() => answers[type]?.(), 0) };
    try {
      await fn();
    } finally {
      delete w.TelegramWebviewProxy;
    }
  };
  const themeParam = `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`;

  it('starts without waiting for the SDK, which takes over once it has started', async () => {
    await withClient(
      `/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios&tgWebAppVersion=8.0${themeParam}`,
      async () => {
        const { initPlatform, platformProblem, platformStarted } = await import('./index');
        const platform = await initPlatform();
        expect(platform.kind).toBe('telegram');
        expect(platform.getInitData()).toBe(initData);
        expect(platform.getColorScheme()).toBe('dark');
        // the router rewrites the address (a redirect drops the hash) before the SDK's chunk has arrived
        window.history.replaceState(null, '', '/cashbox/deposit');
        await platformStarted();
        expect(platformProblem()).toBeNull();
        expect(platform.getLanguageCode()).toBe('ru');
        // the SDK's viewport answers now: the insets Telegram sent
        await vi.waitFor(() =>
          expect(platform.getSafeAreaInsets()).toEqual({ top: 44, bottom: 34, left: 0, right: 0 }),
        );
      },
    );
  });

  it('runs as a website from the start on launch data the SDK would refuse (no signature)', async () => {
    const unsigned = initData.replace('&signature=abc', '');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await withClient(
        `/#tgWebAppData=${encodeURIComponent(unsigned)}&tgWebAppPlatform=android&tgWebAppVersion=7.0${themeParam}`,
        async () => {
          const { initPlatform, platformProblem } = await import('./index');
          const platform = await initPlatform();
          expect(platformProblem()).toBe('telegram_sdk_failed');
          expect(platform.kind).toBe('browser');
          expect(platform.getInitData()).toBe(unsigned); // the server still decides whether it signs the player in
        },
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe('browser adapter', () => {
  it('uses localStorage, the ETag cache and no native back button', () => {
    const a = createBrowserAdapter();
    a.storage.set('jwt', 't1');
    expect(localStorage.getItem('jwt')).toBe('t1');
    expect(a.usesEtagCache).toBe(true);
    expect(a.getInitData()).toBeNull();
    expect(a.getSafeAreaInsets()).toEqual({ top: 0, bottom: 0, left: 0, right: 0 });
    expect(() => a.setBackButton(true, () => undefined)).not.toThrow();
  });
});

describe('browser adapter: theme and links', () => {
  function fakeWindow(dark: boolean) {
    const listeners = new Set<() => void>();
    const media = {
      matches: dark,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    const opened: unknown[][] = [];
    const win = {
      matchMedia: () => media,
      localStorage,
      navigator: {},
      open: (...args: unknown[]) => opened.push(args),
    } as unknown as Window;
    return { win, media, listeners, opened };
  }

  it('follows prefers-color-scheme live', () => {
    const { win, media, listeners } = fakeWindow(true);
    const a = createBrowserAdapter(win);
    expect(a.getColorScheme()).toBe('dark');
    const seen: string[] = [];
    const off = a.onColorSchemeChange((s) => seen.push(s));
    media.matches = false;
    listeners.forEach((fn) => fn());
    expect(seen).toEqual(['light']);
    off();
    expect(listeners.size).toBe(0);
  });

  it('opens links in a new tab and never changes insets', () => {
    const { win, opened } = fakeWindow(false);
    const a = createBrowserAdapter(win);
    a.openLink('https://example.com/terms');
    a.openTelegramLink('https://t.me/casino_bot');
    expect(opened).toEqual([
      ['https://example.com/terms', '_blank', 'noopener'],
      ['https://t.me/casino_bot', '_blank', 'noopener'],
    ]);
    expect(a.vkuiPlatform).toBe('android');
    expect(a.kind).toBe('browser');
  });
});

describe('Telegram adapter (mockTelegramEnv)', () => {
  async function launch() {
    const { mockTelegramEnv, emitEvent } = await import('@telegram-apps/sdk-react');
    const { createTelegramAdapter } = await import('./telegram/telegram-adapter');
    const posted: Array<[string, unknown]> = [];
    mockTelegramEnv({
      launchParams: {
        tgWebAppThemeParams: theme,
        tgWebAppVersion: '8.0',
        tgWebAppPlatform: 'ios',
        tgWebAppData: initData,
      },
      onEvent(event, next) {
        const [name, params] = event as unknown as [string, unknown];
        posted.push([name, params]);
        // clients answer requests asynchronously
        const reply = (fn: () => void) => void setTimeout(fn, 0);
        if (name === 'web_app_request_theme') return reply(() => emitEvent('theme_changed', { theme_params: theme }));
        if (name === 'web_app_request_viewport')
          return reply(() =>
            emitEvent('viewport_changed', { height: 800, width: 400, is_expanded: true, is_state_stable: true }),
          );
        if (name === 'web_app_request_safe_area')
          return reply(() => emitEvent('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 }));
        if (name === 'web_app_request_content_safe_area')
          return reply(() => emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }));
        next();
      },
      resetPostMessage: true,
    });
    return { posted, emitEvent, createTelegramAdapter };
  }

  it('hands the raw initData, start param and language to the app, and keeps no ETag cache', async () => {
    const { createTelegramAdapter } = await launch();
    const a = createTelegramAdapter();
    expect(a.kind).toBe('telegram');
    expect(a.getInitData()).toBe(initData);
    expect(a.getStartParam()).toBe('promo42');
    expect(a.getLanguageCode()).toBe('ru');
    expect(a.vkuiPlatform).toBe('ios');
    expect(a.usesEtagCache).toBe(false);
    expect(a.getColorScheme()).toBe('dark');
  });

  it('posts ready, expands the viewport, binds the back button and sends haptics', async () => {
    const { posted, emitEvent, createTelegramAdapter } = await launch();
    const a = createTelegramAdapter();
    a.ready();
    // the viewport mounts after Telegram answers the safe-area requests, then expands
    await vi.waitFor(() => expect(posted.map(([n]) => n)).toContain('web_app_expand'));
    let backs = 0;
    a.setBackButton(true, () => backs++);
    a.haptics.impact('medium');
    a.haptics.notification('success');
    a.setClosingConfirmation(true);
    emitEvent('back_button_pressed' as never);
    const names = posted.map(([n]) => n);
    expect(names).toContain('web_app_ready');
    expect(names).toContain('web_app_expand');
    expect(posted).toContainEqual(['web_app_setup_back_button', { is_visible: true }]);
    expect(posted).toContainEqual(['web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'medium' }]);
    expect(posted).toContainEqual(['web_app_setup_closing_behavior', { need_confirmation: true }]);
    expect(backs).toBe(1);
    expect(a.getSafeAreaInsets().top).toBe(44);
  });

  it('keeps each Telegram account’s stored values apart', async () => {
    const { createTelegramAdapter } = await launch();
    const a = createTelegramAdapter();
    a.storage.set('jwt', 'abc');
    expect(localStorage.getItem('tg42:jwt')).toBe('abc');
    expect(a.storage.get('jwt')).toBe('abc');
  });

  it('binds the theme to CSS variables for VKUI and follows theme changes live', async () => {
    const { emitEvent, createTelegramAdapter } = await launch();
    const a = createTelegramAdapter();
    expect(document.documentElement.dataset.tgTheme).toBe('');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    const seen: string[] = [];
    a.onColorSchemeChange((s) => seen.push(s));
    emitEvent('theme_changed', {
      theme_params: { bg_color: '#ffffff', text_color: '#000000', button_color: '#2481cc' } as never,
    });
    expect(seen.at(-1)).toBe('light');
    expect(a.getColorScheme()).toBe('light');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
  });

  it('reports safe-area changes and hides the back button on roots', async () => {
    const { posted, emitEvent, createTelegramAdapter } = await launch();
    const a = createTelegramAdapter();
    await vi.waitFor(() => expect(posted.map(([n]) => n)).toContain('web_app_expand')); // mounted
    expect(a.getSafeAreaInsets()).toEqual({ top: 44, bottom: 34, left: 0, right: 0 });
    const seen: number[] = [];
    a.onSafeAreaChange((i) => seen.push(i.bottom));
    emitEvent('safe_area_changed', { top: 0, bottom: 20, left: 0, right: 0 });
    expect(seen.at(-1)).toBe(20);
    a.setBackButton(true, () => undefined);
    a.setBackButton(false, () => undefined);
    expect(posted.filter(([n]) => n === 'web_app_setup_back_button').at(-1)).toEqual([
      'web_app_setup_back_button',
      { is_visible: false },
    ]);
    a.haptics.selection();
    expect(posted).toContainEqual(['web_app_trigger_haptic_feedback', { type: 'selection_change' }]);
  });
});
