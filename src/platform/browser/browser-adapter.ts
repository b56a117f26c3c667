import type { ColorScheme, PlatformAdapter } from '../platform.types';

// The plain website: localStorage, prefers-color-scheme, window.open, no native back button.
export function createBrowserAdapter(win: Window = window): PlatformAdapter {
  const media = win.matchMedia?.('(prefers-color-scheme: dark)');
  const scheme = (): ColorScheme => (media?.matches ? 'dark' : 'light');
  const adapter: PlatformAdapter = {
    kind: 'browser',
    vkuiPlatform: 'android',
    getInitData: () => null,
    getStartParam: () => null,
    getLanguageCode: () => null,
    usesEtagCache: true,
    storage: {
      get: (key) => {
        try {
          return win.localStorage.getItem(key);
        } catch {
          return null;
        }
      },
      set: (key, value) => {
        try {
          win.localStorage.setItem(key, value);
        } catch {
          /* storage full or disabled: the app keeps working without it */
        }
      },
      remove: (key) => {
        try {
          win.localStorage.removeItem(key);
        } catch {
          /* see set */
        }
      },
    },
    setBackButton: () => {
      /* the browser has its own back button */
    },
    haptics: {
      impact: () => navigatorVibrate(win, 10),
      notification: (type) => navigatorVibrate(win, type === 'error' ? [30, 40, 30] : 20),
      selection: () => undefined,
    },
    getColorScheme: scheme,
    onColorSchemeChange(listener) {
      const handler = () => listener(scheme());
      media?.addEventListener?.('change', handler);
      return () => media?.removeEventListener?.('change', handler);
    },
    getSafeAreaInsets: () => ({ top: 0, bottom: 0, left: 0, right: 0 }),
    onSafeAreaChange: () => () => undefined,
    openLink: (url) => {
      win.open(url, '_blank', 'noopener');
    },
    openTelegramLink: (url) => {
      win.open(url, '_blank', 'noopener');
    },
    setClosingConfirmation: () => undefined,
    ready: () => undefined,
    requestWriteAccess: async () => null,
    loadNative: () => import('./browser-native').then((m) => m.createBrowserNative(win, adapter.storage)),
  };
  return adapter;
}

function navigatorVibrate(win: Window, pattern: number | number[]) {
  try {
    win.navigator.vibrate?.(pattern);
  } catch {
    /* not supported */
  }
}
