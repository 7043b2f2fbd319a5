// The holder app's service worker: the shell (this folder's pages, scripts, styles and icons) works offline. Network
// first, so a new build is picked up at once; the cache answers only when the network cannot. Nothing of the Wallet
// API is ever cached: its answers are signed for one request and hold a person's data.
const CACHE = 'idflow-wallet-shell';
const SHELL = ['/app/', '/app/manifest.webmanifest', '/app/icon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith('/app/'))
    return;
  const key = event.request.mode === 'navigate' ? '/app/' : event.request;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.match(key).then((cached) => cached ?? Response.error())),
  );
});
