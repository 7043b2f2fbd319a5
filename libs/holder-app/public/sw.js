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

// A flow pushed to the person (Web Push): the notice names only the flow id; the words are the app's own (strings.ts),
// left in the cache by the app.
self.addEventListener('push', (event) => {
  const flow = event.data?.json()?.flow;
  if (typeof flow !== 'string') return;
  event.waitUntil(
    caches
      .open('idflow-wallet-text')
      .then((cache) => cache.match('/app/notice-text.json'))
      .then((stored) => (stored ? stored.json() : {}))
      .then((text) =>
        self.registration.showNotification(text.title ?? '', {
          body: text.body,
          tag: flow,
          icon: '/app/icon-192.png',
          data: { flow },
        }),
      ),
  );
});

// The notice opens the flow: in a window of the app already open, or a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = `/app/?flow=${encodeURIComponent(event.notification.data.flow)}`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/app/'));
      return open ? open.navigate(target).then((client) => client?.focus()) : self.clients.openWindow(target);
    }),
  );
});
