import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPackageState } from '@telegram-apps/bridge';

// Telegram's UI around the app at the Mini Apps versions players still run: what is posted (the exact methods and
// payloads), what falls back where a version lacks a capability, and that nothing throws or waits for ever.

const initData = 'user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Tess%22%7D&auth_date=1700000000&signature=abc&hash=def';
type Reply = [string, unknown] | null;

beforeEach(() => {
  sessionStorage.clear();
  resetPackageState();
  vi.resetModules();
  vi.useRealTimers();
});

async function launch(
  version: string,
  replies: Record<string, (params: unknown) => Reply> = {},
  colours: () => { color: string; text_color: string } | null = () => null,
) {
  const { mockTelegramEnv, emitEvent } = await import('@telegram-apps/sdk-react');
  const { createTelegramNative } = await import('./telegram-native');
  const posted: Array<[string, unknown]> = [];
  mockTelegramEnv({
    launchParams: {
      tgWebAppVersion: version,
      tgWebAppPlatform: 'ios',
      tgWebAppData: initData,
      tgWebAppThemeParams: {},
    },
    onEvent(event) {
      const [name, params] = event as unknown as [string, unknown];
      posted.push([name, params]);
      const reply = replies[name]?.(params);
      if (reply) setTimeout(() => (emitEvent as (n: string, p?: unknown) => void)(reply[0], reply[1]), 0);
    },
    resetPostMessage: true,
  });
  const ui = createTelegramNative(window, version, 'ios', colours);
  const names = () => posted.map(([n]) => n);
  return { ui, posted, names, emit: emitEvent as (n: string, p?: unknown) => void };
}

describe.each(['6.9', '7.10', '8.0', '9.1'])('Telegram native UI at Mini Apps %s', (version) => {
  const v = Number(version.split('.')[0]) * 100 + Number(version.split('.')[1]); // 7.10 → 710, 9.1 → 901
  it('uses the bottom bar from 7.10 and leaves it to the page before', async () => {
    const { ui, posted, emit } = await launch(version);
    expect(ui.bottomBar.isNative).toBe(v >= 710);
    ui.bottomBar.setMain({ text: 'Deposit 50.00 USD', enabled: true, loading: false });
    ui.bottomBar.setMain({ text: 'Deposit 50.00 USD', enabled: true, loading: true });
    ui.bottomBar.setSecondary({ text: 'Cancel', enabled: true, loading: false });
    ui.bottomBar.setColor('#17212b');
    let pressed = 0;
    ui.bottomBar.onMain(() => pressed++);
    emit('main_button_pressed');
    expect(pressed).toBe(1); // a press is heard at every version; only the drawing differs
    if (v >= 710) {
      expect(posted).toContainEqual([
        'web_app_setup_main_button',
        { is_visible: true, is_active: true, is_progress_visible: false, text: 'Deposit 50.00 USD' },
      ]);
      expect(posted).toContainEqual([
        'web_app_setup_main_button',
        { is_visible: true, is_active: false, is_progress_visible: true, text: 'Deposit 50.00 USD' },
      ]);
      expect(posted).toContainEqual([
        'web_app_setup_secondary_button',
        { is_visible: true, is_active: true, is_progress_visible: false, text: 'Cancel', position: 'left' },
      ]);
      expect(posted).toContainEqual(['web_app_set_bottom_bar_color', { color: '#17212b' }]);
    } else {
      expect(posted).toEqual([]);
    }
  });

  it('colours the main button as the app does (contrast-checked), and not the hidden one', async () => {
    const { ui, posted } = await launch(version, {}, () => ({ color: '#7b3fe4', text_color: '#ffffff' }));
    ui.bottomBar.setMain({ text: 'Roll · $1.00', enabled: true, loading: false });
    ui.bottomBar.setMain(null);
    if (v >= 710)
      expect(posted).toEqual([
        [
          'web_app_setup_main_button',
          {
            is_visible: true,
            is_active: true,
            is_progress_visible: false,
            text: 'Roll · $1.00',
            color: '#7b3fe4',
            text_color: '#ffffff',
          },
        ],
        ['web_app_setup_main_button', { is_visible: false, is_active: false, is_progress_visible: false, text: '' }],
      ]);
    else expect(posted).toEqual([]);
  });

  it('shows Settings in the ⋯ menu from 6.10 and hears it pressed', async () => {
    const { ui, posted, emit } = await launch(version);
    let opened = 0;
    const off = ui.onSettings(() => opened++);
    emit('settings_button_pressed');
    off();
    if (v >= 610) {
      expect(opened).toBe(1);
      expect(posted).toEqual([
        ['web_app_setup_settings_button', { is_visible: true }],
        ['web_app_setup_settings_button', { is_visible: false }],
      ]);
    } else {
      expect(posted).toEqual([]);
    }
  });

  it('asks for fullscreen and locks the orientation from 8.0; false before', async () => {
    const { ui, posted } = await launch(version, {
      web_app_request_fullscreen: () => ['fullscreen_changed', { is_fullscreen: true }],
    });
    const granted = await ui.fullscreen.request(2000);
    ui.fullscreen.lockOrientation(true);
    ui.fullscreen.exit();
    expect(granted).toBe(v >= 800);
    expect(ui.fullscreen.isPhone).toBe(true); // launched on iOS
    if (v >= 800)
      expect(posted).toEqual([
        ['web_app_request_fullscreen', undefined],
        ['web_app_toggle_orientation_lock', { locked: true }],
        ['web_app_exit_fullscreen', undefined],
      ]);
    else expect(posted).toEqual([]);
  });

  it('shares a prepared message from 8.0, and checks the home screen', async () => {
    const { ui, posted } = await launch(version, {
      web_app_send_prepared_message: () => ['prepared_message_sent', undefined],
      web_app_check_home_screen: () => ['home_screen_checked', { status: 'missed' }],
      web_app_add_to_home_screen: () => ['home_screen_added', undefined],
    });
    expect(ui.share.canPrepared).toBe(v >= 800);
    expect(await ui.share.prepared('prep-1', 1000)).toBe(v >= 800);
    expect(await ui.homeScreen.status(1000)).toBe(v >= 800 ? 'missed' : 'unsupported');
    expect(await ui.homeScreen.offer(1000)).toBe(v >= 800);
    ui.hideKeyboard();
    if (v >= 800) expect(posted).toContainEqual(['web_app_send_prepared_message', { id: 'prep-1' }]);
    expect(posted.some(([n]) => n === 'web_app_hide_keyboard')).toBe(v >= 901);
    // the link share sheet works at every version
    expect(await ui.share.url('https://t.me/casino_bot/app?startapp=ref_abc', 'Join me · 18+')).toBe('shared');
    expect(posted.at(-1)).toEqual([
      'web_app_open_tg_link',
      {
        path_full:
          '/share/url?url=https%3A%2F%2Ft.me%2Fcasino_bot%2Fapp%3Fstartapp%3Dref_abc&text=Join%20me%20%C2%B7%2018%2B',
      },
    ]);
  });

  it('keeps preferences in CloudStorage (6.9+)', async () => {
    const store: Record<string, string> = {};
    const { ui, posted } = await launch(version, {
      web_app_invoke_custom_method: (p) => {
        const { req_id, method, params } = p as { req_id: string; method: string; params: Record<string, unknown> };
        if (method === 'saveStorageValue') {
          store[params.key as string] = params.value as string;
          return ['custom_method_invoked', { req_id, result: true }];
        }
        const keys = params.keys as string[];
        return ['custom_method_invoked', { req_id, result: Object.fromEntries(keys.map((k) => [k, store[k] ?? ''])) }];
      },
    });
    expect(await ui.prefs.set('locale', 'ru')).toBe(true);
    expect(await ui.prefs.get(['locale', 'seen_email_hint'])).toEqual({ locale: 'ru' });
    expect(posted[0]).toEqual([
      'web_app_invoke_custom_method',
      { req_id: expect.any(String), method: 'saveStorageValue', params: { key: 'locale', value: 'ru' } },
    ]);
  });
});

describe('Telegram native UI: a client that never answers', () => {
  it('reaches the fallback within each timeout', async () => {
    vi.useFakeTimers();
    const { ui } = await launch('9.1'); // no replies at all
    const fullscreen = ui.fullscreen.request(2000);
    const prefs = ui.prefs.get(['locale'], 3000);
    const home = ui.homeScreen.status(3000);
    const shared = ui.share.prepared('prep-1', 5000);
    await vi.advanceTimersByTimeAsync(1999);
    let settled = false;
    void fullscreen.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await fullscreen).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await prefs).toEqual({});
    expect(await home).toBe('unknown');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await shared).toBe(false);
  });

  it('reports a refused fullscreen (UNSUPPORTED) as false, and minimise/restore as the active state', async () => {
    const { ui, emit } = await launch('8.0', {
      web_app_request_fullscreen: () => ['fullscreen_failed', { error: 'UNSUPPORTED' }],
    });
    expect(await ui.fullscreen.request(2000)).toBe(false);
    const seen: boolean[] = [];
    ui.onActiveChange((active) => seen.push(active));
    emit('visibility_changed', { is_visible: false });
    emit('visibility_changed', { is_visible: true });
    expect(seen).toEqual([false, true]);
  });
});
