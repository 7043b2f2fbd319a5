/**
 * The events idflow sends (DESIGN section 9). `document.signee.signed|rejected` are sent once per signee and
 * `document.signee.reminded` once per reminder; `document.expiring` once per document, ahead of its expiry;
 * `document.signature_failed` once per failure episode of a signee's own signature (attempts failing alike in a row);
 * `identification.erasure_requested` once per flow, when its wallet asks for what it released to be erased; every other
 * event once per flow, when it reaches that end.
 */
export const WEBHOOK_EVENT_TYPES = [
  'signing.completed',
  'signing.rejected',
  'signing.cancelled',
  'signing.expired',
  'identification.completed',
  'identification.rejected',
  'identification.cancelled',
  'identification.expired',
  'identification.erasure_requested',
  'document.signee.signed',
  'document.signee.rejected',
  'document.signee.reminded',
  'document.expiring',
  'document.signature_failed',
  'document.completed',
  'document.rejected',
  'document.cancelled',
  'document.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
