// Posts web_app_ready as soon as the shell is parsed (issue 26); why a classic script: docs/architecture.md.
(function (w, l) {
  var s = l.hash + l.search;
  try {
    s += w.sessionStorage.getItem('tapps/launchParams') ? '#tgWebAppPlatform=' : '';
  } catch {
    /* no storage */
  }
  if (!/[#?&](tgWebAppData|tgWebAppPlatform)=/.test(s)) return;
  try {
    if (w.TelegramWebviewProxy) w.TelegramWebviewProxy.postEvent('web_app_ready', '{}');
    else if (w.parent !== w)
      w.parent.postMessage('{"eventType":"web_app_ready","eventData":{}}', 'https://web.telegram.org');
  } catch {
    /* no bridge: the adapter posts it */
  }
})(window, location);
