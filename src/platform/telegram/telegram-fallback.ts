import { createBrowserAdapter } from '../browser/browser-adapter';
import type { PlatformAdapter } from '../platform.types';

// When the Telegram SDK cannot start (launch data it cannot parse, e.g. initData without `signature` from clients
// before Bot API 8.0), the app runs with the browser adapter instead of a blank page. The raw launch data is still
// read from the URL, without the SDK, so the server (which checks the signature itself) can sign the player in.
export function createTelegramFallbackAdapter(win: Window = window): PlatformAdapter {
  const raw = rawInitData(win);
  const data = new URLSearchParams(raw ?? '');
  const user = parseUser(data.get('user'));
  const browser = createBrowserAdapter(win);
  // the same per-account keys the Telegram adapter uses, so a later launch with a working SDK finds the session
  const prefix = user?.id ? `tg${user.id}:` : 'tg:';
  return {
    ...browser,
    getInitData: () => raw,
    getStartParam: () => data.get('start_param'),
    getLanguageCode: () => user?.language_code ?? null,
    storage: {
      get: (key) => browser.storage.get(prefix + key),
      set: (key, value) => browser.storage.set(prefix + key, value),
      remove: (key) => browser.storage.remove(prefix + key),
    },
    openLink: (url) => postEvent(win, 'web_app_open_link', { url }) || browser.openLink(url),
    openTelegramLink: (url) =>
      postEvent(win, 'web_app_open_tg_link', { path_full: url.replace(/^https:\/\/t\.me/, '') }) ||
      browser.openTelegramLink(url),
    ready: () => void postEvent(win, 'web_app_ready'),
  };
}

function parseUser(json: string | null): { id?: number; language_code?: string } | null {
  try {
    return JSON.parse(json ?? 'null') as { id?: number; language_code?: string } | null;
  } catch {
    return null;
  }
}

/** tgWebAppData as Telegram passed it: in the URL hash (or query on some clients), or saved by an earlier start. */
function rawInitData(win: Window): string | null {
  for (const part of [win.location.hash, win.location.search]) {
    const value = new URLSearchParams(part.replace(/^[#?]/, '')).get('tgWebAppData');
    if (value) {
      try {
        win.sessionStorage.setItem('app/tgWebAppData', value); // a reload keeps it (the URL is rewritten by then)
      } catch {
        /* storage disabled */
      }
      return value;
    }
  }
  try {
    return win.sessionStorage.getItem('app/tgWebAppData');
  } catch {
    return null;
  }
}

/** Telegram's bridge without the SDK: mobile clients expose TelegramWebviewProxy, the web client listens to postMessage. */
function postEvent(win: Window, type: string, data?: unknown): boolean {
  const proxy = (win as unknown as { TelegramWebviewProxy?: { postEvent(t: string, d: string): void } })
    .TelegramWebviewProxy;
  try {
    if (proxy) {
      proxy.postEvent(type, JSON.stringify(data ?? {}));
      return true;
    }
    if (win.parent !== win) {
      win.parent.postMessage(JSON.stringify({ eventType: type, eventData: data ?? {} }), 'https://web.telegram.org');
      return true;
    }
  } catch {
    /* no bridge */
  }
  return false;
}
