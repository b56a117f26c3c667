// Starts the app after the first frame (vite.config.ts `nonBlockingCss`): the server-drawn first screen paints
// first, then the app's scripts and stylesheets, kept inert in <template id="app-assets">, are cloned into the head
// (cloned scripts run; the stylesheets are turned on by src/app/styles-ready.ts). A hidden page (a background tab)
// paints no frame until shown, so it starts at once. Each element inserted starts its request there and then (2–8 ms
// of a phone's main thread each at a 4× slower CPU): the entry script and the stylesheet go first, the preloads of
// the entry's imports a few per task after them, so no one task holds the main thread long.
(function () {
  var assets = document.getElementById('app-assets');
  if (!assets) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var nodes = Array.prototype.slice.call(assets.content.cloneNode(true).childNodes);
    var first = nodes.filter(function (n) {
      return n.nodeName === 'SCRIPT' || (n.rel === 'preload' && n.as === 'style');
    });
    var rest = nodes.filter(function (n) {
      return first.indexOf(n) < 0;
    });
    first.forEach(function (n) {
      document.head.appendChild(n);
    });
    (function more() {
      rest.splice(0, 4).forEach(function (n) {
        document.head.appendChild(n);
      });
      if (rest.length) setTimeout(more, 0);
    })();
  }
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
