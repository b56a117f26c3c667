import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserAdapter } from './browser/browser-adapter';
import { detectTelegram } from './telegram/telegram-detect';

const theme = { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1', button_text_color: '#ffffff', secondary_bg_color: '#232e3c' } as never;
const initData = 'user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Tess%22%2C%22language_code%22%3A%22ru%22%7D&auth_date=1700000000&start_param=promo42&signature=abc&hash=def';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.resetModules(); // the SDK keeps component state per module instance: each test launches a fresh one
  window.history.replaceState(null, '', '/');
});

describe('platform detection', () => {
  it('is the browser without launch parameters', () => {
    expect(detectTelegram()).toBe(false);
  });
  it('is Telegram with launch parameters in the hash, and after the router dropped them', () => {
    window.history.replaceState(null, '', `/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppPlatform=ios&tgWebAppVersion=8.0`);
    expect(detectTelegram()).toBe(true);
    window.history.replaceState(null, '', '/');
    sessionStorage.setItem('tapps/launchParams', 'tgWebAppPlatform=ios');
    expect(detectTelegram()).toBe(true);
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

describe('Telegram adapter (mockTelegramEnv)', () => {
  async function launch() {
    const { mockTelegramEnv, emitEvent } = await import('@telegram-apps/sdk-react');
    const { createTelegramAdapter } = await import('./telegram/telegram-adapter');
    const posted: Array<[string, unknown]> = [];
    mockTelegramEnv({
      launchParams: { tgWebAppThemeParams: theme, tgWebAppVersion: '8.0', tgWebAppPlatform: 'ios', tgWebAppData: initData },
      onEvent(event, next) {
        const [name, params] = event as unknown as [string, unknown];
        posted.push([name, params]);
        // clients answer requests asynchronously
        const reply = (fn: () => void) => void setTimeout(fn, 0);
        if (name === 'web_app_request_theme') return reply(() => emitEvent('theme_changed', { theme_params: theme }));
        if (name === 'web_app_request_viewport') return reply(() => emitEvent('viewport_changed', { height: 800, width: 400, is_expanded: true, is_state_stable: true }));
        if (name === 'web_app_request_safe_area') return reply(() => emitEvent('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 }));
        if (name === 'web_app_request_content_safe_area') return reply(() => emitEvent('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }));
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
});
