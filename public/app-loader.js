// Starts the app after the first frame (vite.config.ts `nonBlockingCss`): the server-drawn first screen paints
// first, then the app's scripts and stylesheets, kept inert in <template id="app-assets">, are cloned into the head
// (cloned scripts run; the stylesheets are turned on by src/app/styles-ready.ts). A hidden page (a background tab)
// paints no frame until shown, so it starts at once.
(function () {
  var assets = document.getElementById('app-assets');
  if (!assets) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.head.appendChild(assets.content.cloneNode(true));
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
