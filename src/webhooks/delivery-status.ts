/**
 * A delivery is `pending` until due, `delivering` while one instance holds its lease and sends it, then `succeeded`
 * (any 2xx) or, once the retry schedule is spent, `failed`. A redelivery makes it `pending` again.
 */
export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
