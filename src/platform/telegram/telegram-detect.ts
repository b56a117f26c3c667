// Whether Telegram opened this page, without loading the SDK (so the browser build never downloads it).
// Telegram puts launch parameters in the URL (hash, or query on some clients); the SDK saves the first good read
// to sessionStorage (`tapps/launchParams`), so a reload inside the Mini App is still detected.
export function detectTelegram(win: Window = window): boolean {
  const inUrl = (s: string) =>
    new URLSearchParams(s.replace(/^[#?]/, '')).has('tgWebAppData') || /[#&?]tgWebAppPlatform=/.test(s);
  if (inUrl(win.location.hash) || inUrl(win.location.search)) return true;
  try {
    return !!win.sessionStorage.getItem('tapps/launchParams');
  } catch {
    return false;
  }
}
