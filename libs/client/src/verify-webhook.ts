import { createHmac, timingSafeEqual } from 'node:crypto';

/** The body of every idflow webhook. */
export interface WebhookEvent {
  type: string;
  id: string;
  timestamp: string;
  reference: string;
  flow: string;
  data: Record<string, unknown>;
}

/** Standard Webhooks' bound on a delivery's age (and clock skew), against replays. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks a webhook's Standard Webhooks signature with the app's `whsec_` secret and returns its body; throws when the
 * signature is wrong or the timestamp is more than five minutes off. Pass the raw body exactly as received.
 */
export function verifyWebhook(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
): WebhookEvent {
  const header = (name: string) => {
    const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    const value = Array.isArray(entry) ? entry[0] : entry;
    if (!value) throw new Error(`The webhook has no ${name} header`);
    return value;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - seconds) > TOLERANCE_SECONDS) {
    throw new Error('The webhook timestamp is missing or more than five minutes off');
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  // The header may list several space-separated signatures (during a secret rotation): one match is enough.
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new Error('The webhook signature does not match');
  return JSON.parse(rawBody) as WebhookEvent;
}
