// Service worker: the app shell works offline-tolerant, API data is never served from a cache.
// Hashed assets are cache-first (they never change); navigations are network-first with the cached shell
// as the fallback. /main-api, /int-api, /users/ws, /ops-api and /docs are never cached.
const VERSION = new URL(self.location.href).searchParams.get('v') || 'v1';
const CACHE = `casino-shell-${VERSION}`;
const NEVER = ['/main-api', '/int-api', '/users/ws', '/ops-api', '/docs', '/dev-api', '/telegram', '/sandbox-pay'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.add('/')).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((p) => url.pathname.startsWith(p))) return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((res) => {
        if (res.ok) caches.open(CACHE).then((c) => c.put(request, res.clone()));
        return res;
      })),
    );
    return;
  }
  // the loader that starts the app (not hashed): network first, the cached copy offline, like the shell
  if (request.mode === 'navigate' || url.pathname === '/app-loader.js') {
    event.respondWith(
      fetch(request)
        .then((res) => {
          const key = request.mode === 'navigate' ? '/' : url.pathname;
          if (res.ok) caches.open(CACHE).then((c) => c.put(key, res.clone()));
          return res;
        })
        .catch(() => caches.match(request.mode === 'navigate' ? '/' : url.pathname).then((hit) => hit || Response.error())),
    );
  }
});
