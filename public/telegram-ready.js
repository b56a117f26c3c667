// Telegram's loading placeholder gives way to the server-drawn shell as soon as this arrives, not after the app's
// bundle has downloaded and started (issue 26: `web_app_ready` within 1 s of navigation). A classic async script
// on purpose: Vite merges every module script of index.html into the main bundle, which is what we must not wait
// for. Detection as in src/platform/telegram/telegram-detect.ts; the adapter posts ready again once it starts
// (Telegram ignores the repeat). No SDK, no other Telegram call here: those stay in src/platform/telegram/.
(function () {
  var inUrl = function (s) {
    return /[#?&]tgWebAppData=/.test(s) || /[#&?]tgWebAppPlatform=/.test(s);
  };
  var inTelegram = inUrl(location.hash) || inUrl(location.search);
  try {
    inTelegram = inTelegram || !!sessionStorage.getItem('tapps/launchParams');
  } catch {
    /* storage disabled */
  }
  if (!inTelegram) return;
  try {
    if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent('web_app_ready', '{}');
    else if (window.parent !== window)
      window.parent.postMessage(
        JSON.stringify({ eventType: 'web_app_ready', eventData: {} }),
        'https://web.telegram.org',
      );
  } catch {
    /* no bridge: the adapter tries again */
  }
})();
