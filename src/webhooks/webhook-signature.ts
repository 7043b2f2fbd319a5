import { createHmac, createSecretKey } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of one attempt: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * base64-decoded part of the app's `whsec_` secret. The timestamp is the attempt's, so a retry is never stale.
 */
export function signWebhook(secret: string, id: string, sentAt: Date, body: string): WebhookHeaders {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  // A KeyObject, because Node 24 tries a Buffer key as a KeyObject and a CryptoKey first, throwing two TypeErrors.
  const key = createSecretKey(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
