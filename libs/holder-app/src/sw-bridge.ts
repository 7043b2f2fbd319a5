/** The one place the app talks to its service worker, which keeps the shell available offline. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
}
