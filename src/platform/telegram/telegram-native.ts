import { on, postEvent, retrieveLaunchParams, supports, type MethodName } from '@telegram-apps/sdk-react';
import { pageBarColours, type BarButtonColours } from '../bar-colours';
import type { BottomButtonState, HomeScreenStatus, NativeUi } from '../platform.types';

// Telegram's UI around the app, loaded on first use by the pages that need it (cashbox, games, profile, forms).
// Raw bridge calls on purpose: each method is checked against the client's version (`supports`), each request has
// a timeout, and what is posted is exactly what the tests assert. Only src/platform/telegram/ talks to the bridge.

/** Below this version the app draws its own bottom bar: no secondary button, no bar colour (Mini Apps 7.10). */
const NATIVE_BAR_VERSION = '7.10';
type Listener<T = void> = (value: T) => void;

export function createTelegramNative(
  win: Window = window,
  version = launchVersion(),
  platform = launchPlatform(),
  /** The main button's colours as the app's theme and brand set them (contrast-checked); null: Telegram's own. */
  buttonColours: () => BarButtonColours | null = () => pageBarColours(win.document),
): NativeUi {
  const can = (method: string) => !!version && safe(() => supports(method as MethodName, version), false);
  const post = (method: string, params?: unknown): boolean => {
    if (!can(method)) return false;
    try {
      (postEvent as (m: string, p?: unknown) => void)(method, params);
      return true;
    } catch (err) {
      console.warn(`Telegram ${method} failed`, err);
      return false;
    }
  };
  /** Posts `method` and resolves with the first matching event's answer, or `fallback` after `timeoutMs`. */
  function ask<T>(
    method: string,
    params: unknown,
    answers: Record<string, (payload: never) => T | undefined>,
    fallback: T,
    timeoutMs: number,
  ): Promise<T> {
    if (!can(method)) return Promise.resolve(fallback);
    return new Promise<T>((resolve) => {
      const offs: Array<() => void> = [];
      const finish = (value: T) => {
        clearTimeout(timer);
        offs.forEach((off) => off());
        resolve(value);
      };
      const timer = setTimeout(() => finish(fallback), timeoutMs);
      for (const [event, read] of Object.entries(answers)) {
        offs.push(
          listen(event, (payload) => {
            const value = read(payload as never);
            if (value !== undefined) finish(value);
          }),
        );
      }
      if (!post(method, params)) finish(fallback);
    });
  }

  const isNative = can('web_app_setup_main_button') && atLeast(version, NATIVE_BAR_VERSION);
  const buttonParams = (state: BottomButtonState | null) =>
    state
      ? {
          is_visible: true,
          is_active: state.enabled && !state.loading,
          is_progress_visible: state.loading,
          text: state.text,
        }
      : { is_visible: false, is_active: false, is_progress_visible: false, text: '' };
  /** The main button in the app's accent (read at each update: the brand's styles and the theme may change). */
  const mainParams = (state: BottomButtonState | null) => {
    const params = buttonParams(state);
    if (!state) return params;
    const colours = safe(buttonColours, null);
    return colours ? { ...params, ...colours } : params;
  };

  let settingsListeners = 0;
  let requestId = 0;
  const nextId = () => `app-${Date.now().toString(36)}-${++requestId}`;
  function invoke<T>(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<T | null> {
    const reqId = nextId();
    return ask<T | null>(
      'web_app_invoke_custom_method',
      { req_id: reqId, method, params },
      {
        custom_method_invoked: (p: { req_id: string; result?: unknown; error?: string }) =>
          p.req_id !== reqId ? undefined : p.error ? null : ((p.result ?? null) as T | null),
      },
      null,
      timeoutMs,
    );
  }

  return {
    bottomBar: {
      isNative,
      setMain: (state) => void (isNative && post('web_app_setup_main_button', mainParams(state))),
      setSecondary: (state) =>
        void (isNative && post('web_app_setup_secondary_button', { ...buttonParams(state), position: 'left' })),
      onMain: (listener) => listen('main_button_pressed', () => listener()),
      onSecondary: (listener) => listen('secondary_button_pressed', () => listener()),
      setColor: (color) => void (/^#[0-9a-f]{6}$/i.test(color) && post('web_app_set_bottom_bar_color', { color })),
    },
    onSettings(listener) {
      if (!can('web_app_setup_settings_button')) return () => undefined;
      if (settingsListeners++ === 0) post('web_app_setup_settings_button', { is_visible: true });
      const off = listen('settings_button_pressed', () => listener());
      return () => {
        off();
        if (--settingsListeners === 0) post('web_app_setup_settings_button', { is_visible: false });
      };
    },
    fullscreen: {
      isPhone: platform === 'ios' || platform === 'android',
      request: (timeoutMs = 2000) =>
        ask(
          'web_app_request_fullscreen',
          undefined,
          {
            fullscreen_changed: (p: { is_fullscreen: boolean }) => p.is_fullscreen,
            fullscreen_failed: (p: { error: string }) => p.error === 'ALREADY_FULLSCREEN',
          },
          false,
          timeoutMs,
        ),
      exit: () => void post('web_app_exit_fullscreen'),
      lockOrientation: (locked) => void post('web_app_toggle_orientation_lock', { locked }),
    },
    onActiveChange(listener: Listener<boolean>) {
      return listen('visibility_changed', (p) => listener((p as { is_visible: boolean }).is_visible));
    },
    hideKeyboard: () => void post('web_app_hide_keyboard'),
    share: {
      canPrepared: can('web_app_send_prepared_message'),
      prepared: (id, timeoutMs = 60_000) =>
        ask(
          'web_app_send_prepared_message',
          { id },
          { prepared_message_sent: () => true, prepared_message_failed: () => false },
          false,
          timeoutMs,
        ),
      url: async (url, text) => {
        const query = new URLSearchParams({ url, text }).toString().replace(/\+/g, '%20');
        return post('web_app_open_tg_link', { path_full: `/share/url?${query}` }) ? 'shared' : copy(win, url);
      },
    },
    homeScreen: {
      status: (timeoutMs = 3000) =>
        ask<HomeScreenStatus>(
          'web_app_check_home_screen',
          undefined,
          { home_screen_checked: (p: { status?: HomeScreenStatus }) => p.status ?? 'unknown' },
          can('web_app_check_home_screen') ? 'unknown' : 'unsupported',
          timeoutMs,
        ),
      add: () => void post('web_app_add_to_home_screen'),
      offer: (timeoutMs = 60_000) =>
        ask(
          'web_app_add_to_home_screen',
          undefined,
          { home_screen_added: () => true, home_screen_failed: () => false },
          false,
          timeoutMs,
        ),
    },
    prefs: {
      async get(keys, timeoutMs = 3000) {
        if (keys.length === 0) return {};
        const values = await invoke<Record<string, string>>('getStorageValues', { keys }, timeoutMs);
        return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));
      },
      async set(key, value, timeoutMs = 3000) {
        return (await invoke<boolean>('saveStorageValue', { key, value }, timeoutMs)) === true;
      },
    },
  };
}

function listen(event: string, listener: (payload: unknown) => void): () => void {
  try {
    return (on as (e: string, l: (p: unknown) => void) => () => void)(event, listener);
  } catch {
    return () => undefined;
  }
}

function launchPlatform(): string {
  return safe(() => String(retrieveLaunchParams().tgWebAppPlatform ?? ''), '');
}

function launchVersion(): string | null {
  return safe(() => String(retrieveLaunchParams().tgWebAppVersion ?? ''), '') || null;
}

/** Mini Apps versions compare part by part: 7.10 > 7.2. */
export function atLeast(version: string | null, wanted: string): boolean {
  if (!version) return false;
  const a = version.split('.').map(Number);
  const b = wanted.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}

async function copy(win: Window, text: string): Promise<'copied' | 'failed'> {
  try {
    await win.navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
