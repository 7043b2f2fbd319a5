import { Webhook } from 'standardwebhooks';

/** The body of every idflow webhook. */
export interface WebhookEvent {
  type: string;
  id: string;
  timestamp: string;
  reference: string;
  flow: string;
  data: Record<string, unknown>;
}

/**
 * Checks a webhook's Standard Webhooks signature with the app's `whsec_` secret and returns its body; throws when the
 * signature is wrong or the timestamp is more than five minutes off. Pass the raw body exactly as received.
 */
export function verifyWebhook(
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
): WebhookEvent {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value[0] : (value ?? ''),
    ]),
  );
  return new Webhook(secret).verify(rawBody, flat) as WebhookEvent;
}
