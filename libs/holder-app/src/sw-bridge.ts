import { STRINGS } from './strings';

/** Where the service worker finds the words of a notice: the app puts them there, so they live in strings.ts. */
const NOTICE_TEXT = { cache: 'idflow-wallet-text', key: '/app/notice-text.json' };

/** The one place the app talks to its service worker, which keeps the shell available offline and shows notices. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch(() => undefined);
  if ('caches' in globalThis) {
    const text = new Response(JSON.stringify(STRINGS.notice), { headers: { 'content-type': 'application/json' } });
    caches
      .open(NOTICE_TEXT.cache)
      .then((cache) => cache.put(NOTICE_TEXT.key, text))
      .catch(() => undefined);
  }
}

/** Whether this browser can take Web Push notices (PushManager behind a service worker). */
export function offersPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in globalThis;
}

/**
 * This browser's push subscription for the service's VAPID key: the one it has, or a new one (the browser may ask the
 * person to allow notifications). Null when the person does not allow them.
 */
export async function pushSubscription(applicationServerKey: string): Promise<PushSubscriptionJSON | null> {
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing.toJSON();
  const key = Uint8Array.from(atob(applicationServerKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  try {
    return (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
  } catch {
    return null;
  }
}
