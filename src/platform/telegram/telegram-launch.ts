import type { ColorScheme, Insets, NativeUi, PlatformAdapter } from '../platform.types';

// Inside Telegram the app starts without waiting for the Telegram SDK (≈ 19 kB gzip, most of it valibot; issue 28's
// first-load budget): what the first render needs is read here from Telegram's launch parameters (the signed launch
// data, the user's language, the platform, the theme's colours and whether it is dark), and the SDK's adapter
// (telegram-adapter.ts), loaded once the first render is done, takes over every call once it has started. Until then a call
// that acts (back button, closing confirmation, links, write access, the native UI) is kept and made when it has;
// haptics are dropped (a tap's feedback a second late is wrong feedback). The SDK still reads the launch parameters
// itself when it starts, from the page's first URL (performance navigation entries) or its own sessionStorage copy,
// after the router has rewritten the address.

/** The launch parameters as Telegram passed them: in the URL hash (or query on some clients), or kept from a start
 * earlier in this tab (a reload after the router rewrote the address). */
export function readLaunchParams(win: Window = window): URLSearchParams {
  for (const part of [win.location.hash, win.location.search]) {
    const params = new URLSearchParams(part.replace(/^[#?]/, ''));
    if (params.has('tgWebAppData') || params.has('tgWebAppPlatform')) {
      try {
        win.sessionStorage.setItem(LAUNCH_KEY, params.toString());
      } catch {
        /* storage disabled */
      }
      return params;
    }
  }
  try {
    return new URLSearchParams(win.sessionStorage.getItem(LAUNCH_KEY) ?? '');
  } catch {
    return new URLSearchParams();
  }
}
const LAUNCH_KEY = 'app/tgLaunch';
const SDK_LAUNCH_KEY = 'tapps/launchParams';

/**
 * Launch parameters the SDK would refuse when it starts (its launch-parameter schema): no platform, version or theme,
 * or launch data without `auth_date`, `hash` and `signature` (clients before Bot API 8.0 sent no signature).
 */
export function sdkWouldRefuse(launch: URLSearchParams): boolean {
  if (!launch.get('tgWebAppPlatform') || !launch.get('tgWebAppVersion')) return true;
  if (!parseJson<Record<string, unknown>>(launch.get('tgWebAppThemeParams'))) return true;
  const raw = launch.get('tgWebAppData');
  if (raw === null) return false;
  const data = new URLSearchParams(raw);
  return !data.has('auth_date') || !data.has('hash') || !data.has('signature');
}

/** Telegram's rule for a dark theme (its SDK's `isColorDark`): the background's perceived brightness below 120. */
export function isDarkColor(color: string | undefined): boolean {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color ?? '');
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h!, 16)) as [number, number, number];
  return Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
}

export interface TelegramLaunch {
  /** Works from the first line: launch data, storage, theme. Delegates to the SDK's adapter once it has started. */
  adapter: PlatformAdapter;
  /** Loads and starts the SDK's adapter (once): true when it started, false when the fallback answers instead. */
  start(): Promise<boolean>;
}

/**
 * The Mini App's adapter while the SDK loads. `load` starts the SDK's adapter (telegram-adapter.ts); when it throws,
 * `fallback` (the SDK-free adapter) takes over, as it would have at start-up.
 */
export function createTelegramLaunch(
  load: () => Promise<PlatformAdapter>,
  fallback: () => Promise<PlatformAdapter>,
  win: Window = window,
): TelegramLaunch {
  const launch = readLaunchParams(win);
  const rawInitData = launch.get('tgWebAppData');
  const data = new URLSearchParams(rawInitData ?? '');
  const user = parseJson<{ id?: number; language_code?: string }>(data.get('user'));
  const theme = parseJson<Record<string, string>>(launch.get('tgWebAppThemeParams')) ?? {};
  const platform = launch.get('tgWebAppPlatform') ?? '';
  // the theme's colours as the SDK binds them (--tg-theme-bg-color …), so the first render is in Telegram's colours
  const root = win.document.documentElement;
  for (const [key, value] of Object.entries(theme))
    if (typeof value === 'string') root.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  root.dataset.tgTheme = '';

  // Several Telegram accounts can share one device's webview storage: each account's keys apart (as the SDK adapter)
  const prefix = user?.id ? `tg${user.id}:` : 'tg:';
  const noInsets: Insets = { top: 0, bottom: 0, left: 0, right: 0 };
  let real: PlatformAdapter | null = null;
  const pending = new Set<(a: PlatformAdapter) => void>();
  let back: { visible: boolean; onBack: () => void } | null = null;
  let closing: boolean | null = null;
  let readyAsked = false;
  const leanScheme: ColorScheme = isDarkColor(theme.bg_color) ? 'dark' : 'light';
  // The SDK reads the launch parameters when it starts, from the address, the page's first URL, or its own copy in
  // sessionStorage. The router may have rewritten the address by then (a redirect drops the hash), and the
  // navigation entry's URL may not keep the hash: its copy is written here, in its own format (a JSON string under
  // `tapps/launchParams`, the key telegram-detect.ts also reads), unless it has one.
  try {
    if (launch.size && !win.sessionStorage.getItem(SDK_LAUNCH_KEY))
      win.sessionStorage.setItem(SDK_LAUNCH_KEY, JSON.stringify(launch.toString()));
  } catch {
    /* storage disabled: the SDK still finds the address if the router has not moved yet */
  }

  let starting: Promise<boolean> | null = null;
  /** Loads and starts the SDK's adapter, once: after the first render (main.tsx), or at the first call that needs it. */
  const start = (): Promise<boolean> =>
    (starting ??= load()
      .then(
        (a) => ({ a, ok: true }),
        async (err: unknown) => {
          console.error('The Telegram SDK could not start; the app runs as a website instead:', err);
          return { a: await fallback(), ok: false };
        },
      )
      .then(({ a, ok }) => {
        real = a;
        // what the page asked for before the SDK was there
        if (readyAsked) a.ready();
        if (back) a.setBackButton(back.visible, back.onBack);
        if (closing !== null) a.setClosingConfirmation(closing);
        for (const attach of pending) attach(a);
        pending.clear();
        return ok;
      }));
  const whenStarted = <T>(fn: (a: PlatformAdapter) => T | Promise<T>): Promise<T> =>
    real ? Promise.resolve(fn(real)) : start().then(() => fn(real!));
  /** A subscription made before the SDK is there moves to it when it starts (a subscription alone does not start it). */
  const subscribe = <T>(
    listener: (value: T) => void,
    on: (a: PlatformAdapter, listener: (value: T) => void) => () => void,
    now: (a: PlatformAdapter) => T | null,
  ) => {
    if (real) return on(real, listener);
    let off: (() => void) | null = null;
    const attach = (a: PlatformAdapter) => {
      off = on(a, listener);
      const value = now(a); // what changed while the SDK was loading
      if (value !== null) listener(value);
    };
    pending.add(attach);
    return () => {
      pending.delete(attach);
      off?.();
    };
  };

  const storage = {
    get: (key: string) => safe(() => win.localStorage.getItem(prefix + key), null),
    set: (key: string, value: string) => safe(() => win.localStorage.setItem(prefix + key, value), undefined),
    remove: (key: string) => safe(() => win.localStorage.removeItem(prefix + key), undefined),
  };
  const adapter: PlatformAdapter = {
    kind: 'telegram',
    vkuiPlatform: platform === 'ios' || platform === 'macos' ? 'ios' : 'android',
    getInitData: () => rawInitData,
    getStartParam: () => data.get('start_param'),
    getLanguageCode: () => user?.language_code ?? null,
    usesEtagCache: false,
    storage,
    setBackButton(visible, onBack) {
      if (real) return real.setBackButton(visible, onBack);
      back = { visible, onBack };
    },
    haptics: {
      impact: (style) => real?.haptics.impact(style),
      notification: (type) => real?.haptics.notification(type),
      selection: () => real?.haptics.selection(),
    },
    getColorScheme: () => (real ? real.getColorScheme() : leanScheme),
    onColorSchemeChange: (listener) =>
      subscribe(
        listener,
        (a, l) => a.onColorSchemeChange(l),
        (a) => (a.getColorScheme() !== leanScheme ? a.getColorScheme() : null),
      ),
    getSafeAreaInsets: () => (real ? real.getSafeAreaInsets() : noInsets),
    onSafeAreaChange: (listener) =>
      subscribe(
        listener,
        (a, l) => a.onSafeAreaChange(l),
        (a) => a.getSafeAreaInsets(),
      ),
    openLink: (url) => void whenStarted((a) => a.openLink(url)),
    openTelegramLink: (url) => void whenStarted((a) => a.openTelegramLink(url)),
    setClosingConfirmation(enabled) {
      if (real) return real.setClosingConfirmation(enabled);
      closing = enabled;
    },
    ready() {
      if (real) return real.ready();
      readyAsked = true;
    },
    requestWriteAccess: () => whenStarted((a) => a.requestWriteAccess()),
    loadNative: (): Promise<NativeUi> => whenStarted((a) => a.loadNative()),
  };
  return { adapter, start };
}

function parseJson<T>(json: string | null): T | null {
  try {
    return JSON.parse(json ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
