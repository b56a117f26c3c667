import type { NativeUi } from '../platform.types';

// The web's twin of Telegram's UI: the page draws its own bottom bar, there is no ⋯ menu or fullscreen request,
// sharing uses the system share sheet or the clipboard, preferences stay in this browser's storage.
export function createBrowserNative(
  win: Window,
  storage: { get(key: string): string | null; set(key: string, value: string): void },
): NativeUi {
  const none = () => () => undefined;
  return {
    bottomBar: {
      isNative: false,
      setMain: () => undefined,
      setSecondary: () => undefined,
      onMain: none,
      onSecondary: none,
      setColor: () => undefined,
    },
    onSettings: none,
    fullscreen: {
      isPhone: false,
      request: () => Promise.resolve(false),
      exit: () => undefined,
      lockOrientation: () => undefined,
    },
    onActiveChange(listener) {
      const handler = () => listener(win.document.visibilityState !== 'hidden');
      win.document.addEventListener('visibilitychange', handler);
      return () => win.document.removeEventListener('visibilitychange', handler);
    },
    hideKeyboard: () => (win.document.activeElement as HTMLElement | null)?.blur?.(),
    share: {
      canPrepared: false,
      prepared: () => Promise.resolve(false),
      async url(url, text) {
        try {
          if (win.navigator.share) {
            await win.navigator.share({ url, text });
            return 'shared';
          }
        } catch (err) {
          if ((err as { name?: string }).name === 'AbortError') return 'failed'; // the player closed the sheet
        }
        try {
          await win.navigator.clipboard.writeText(url);
          return 'copied';
        } catch {
          return 'failed';
        }
      },
    },
    homeScreen: {
      status: () => Promise.resolve('unsupported'),
      add: () => undefined,
      offer: () => Promise.resolve(false),
    },
    prefs: {
      get: (keys) =>
        Promise.resolve(
          Object.fromEntries(keys.map((k) => [k, storage.get(`pref:${k}`)]).filter(([, v]) => v !== null)) as Record<
            string,
            string
          >,
        ),
      set: (key, value) => {
        storage.set(`pref:${key}`, value);
        return Promise.resolve(true);
      },
    },
  };
}
