/**
 * A document signee's own status (DESIGN section 5): pending -> notified (pushed to their devices) -> viewed (a device
 * or the review page showed them the document) -> signed | rejected, or stale when the flow ended before they acted.
 * In sequential signing a signee of a later step is `waiting` until the steps before theirs have signed, then
 * `pending` (review) or `notified` (signing).
 */
export const SIGNEE_STATUSES = ['waiting', 'pending', 'notified', 'viewed', 'signed', 'rejected', 'stale'] as const;
export type SigneeStatus = (typeof SIGNEE_STATUSES)[number];

/** Statuses of a signee whose turn it is: they may sign or decline now. */
export const IN_TURN_SIGNEE_STATUSES: readonly SigneeStatus[] = ['pending', 'notified', 'viewed'];

/** Statuses of a signee who has not acted yet, in turn or waiting for it; they become `stale` if the document ends. */
export const OPEN_SIGNEE_STATUSES: readonly SigneeStatus[] = ['waiting', ...IN_TURN_SIGNEE_STATUSES];

/** `parallel`: every signee is asked at once; `sequential`: step by step, each step once the one before has signed. */
export const SIGNING_ORDERS = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];

export const SIGNEE_TYPES = ['business', 'person'] as const;
export type SigneeType = (typeof SIGNEE_TYPES)[number];

/**
 * How a document reaches its signees: `signing` pushes it to every NIN at once, `review` is the hosted page (the spec's
 * `mode: interface`). "Mode" is kept for the start mode inside idflow; the spec's field names stay as they are.
 */
export const DOCUMENT_DELIVERIES = ['signing', 'review'] as const;
export type DocumentDelivery = (typeof DOCUMENT_DELIVERIES)[number];
