// Whether Telegram opened this page, without loading the SDK (so the browser build never downloads it).
// Telegram puts launch parameters in the URL (hash, or query on some clients); the SDK saves the first good read
// to sessionStorage (`tapps/launchParams`; the SDK-free fallback keeps `app/tgWebAppData`), so a reload inside the Mini
// App is still detected.
export function detectTelegram(win: Window = window): boolean {
  const inUrl = (s: string) =>
    new URLSearchParams(s.replace(/^[#?]/, '')).has('tgWebAppData') || /[#&?]tgWebAppPlatform=/.test(s);
  if (inUrl(win.location.hash) || inUrl(win.location.search)) return true;
  try {
    // the SDK's save, or the launch data the fallback adapter kept (telegram-fallback.ts)
    return !!(win.sessionStorage.getItem('tapps/launchParams') ?? win.sessionStorage.getItem('app/tgWebAppData'));
  } catch {
    return false;
  }
}

/**
 * Whether a Telegram client is around the page to talk to: its webview bridge (`TelegramWebviewProxy` on the apps,
 * `external.notify` on old Windows clients) or the web client's frame. Launch parameters without one are a Mini App
 * link opened in a plain browser (e.g. the README's development URL): the SDK could only fail there (UnknownEnvError).
 */
export function hasTelegramClient(win: Window = window): boolean {
  const w = win as Window & {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  if (typeof w.TelegramWebviewProxy?.postEvent === 'function') return true;
  if (typeof w.external?.notify === 'function') return true;
  try {
    return win.self !== win.top;
  } catch {
    return true; // a cross-origin parent: a frame, as web.telegram.org opens it
  }
}
