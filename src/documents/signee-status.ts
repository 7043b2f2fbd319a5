/**
 * A document signee's own status (DESIGN section 5): pending -> notified (pushed to their devices) -> viewed (a device
 * or the review page showed them the document) -> signed | rejected, or stale when the flow ended before they acted.
 */
export const SIGNEE_STATUSES = ['pending', 'notified', 'viewed', 'signed', 'rejected', 'stale'] as const;
export type SigneeStatus = (typeof SIGNEE_STATUSES)[number];

/** Statuses from which a signee may still sign or decline. */
export const OPEN_SIGNEE_STATUSES: readonly SigneeStatus[] = ['pending', 'notified', 'viewed'];

export const SIGNEE_TYPES = ['business', 'person'] as const;
export type SigneeType = (typeof SIGNEE_TYPES)[number];

/**
 * How a document reaches its signees: `signing` pushes it to every NIN at once, `review` is the hosted page (the spec's
 * `mode: interface`). "Mode" is kept for the start mode inside idflow; the spec's field names stay as they are.
 */
export const DOCUMENT_DELIVERIES = ['signing', 'review'] as const;
export type DocumentDelivery = (typeof DOCUMENT_DELIVERIES)[number];
