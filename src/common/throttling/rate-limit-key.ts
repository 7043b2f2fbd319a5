export const RATE_LIMIT_WINDOW_MS = 60_000;
export const THROTTLER_NAME = 'default';

/**
 * One counter per client for the whole service (spec section 8), whichever route it calls; the same key on every
 * instance when the counters live in Redis.
 */
export const rateLimitKey = (subject: string) => `idflow:rate:${THROTTLER_NAME}:${subject}`;
