/**
 * The events idflow sends (DESIGN section 9). `document.signee.*` is sent once per signee; every other event once per
 * flow, when it reaches that end.
 */
export const WEBHOOK_EVENT_TYPES = [
  'signing.completed',
  'signing.rejected',
  'signing.cancelled',
  'signing.expired',
  'document.signee.signed',
  'document.signee.rejected',
  'document.completed',
  'document.rejected',
  'document.cancelled',
  'document.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
