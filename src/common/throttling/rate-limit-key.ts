import type { Request } from 'express';
import { rateLimitSubject } from '../client-ip/client-ip';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const THROTTLER_NAME = 'default';

/** Whom a request is counted for: its client's address as resolveClientIps found it, an IPv6 client by its network. */
export const rateLimitTracker = (request: Pick<Request, 'clientIp'>, ipv6Prefix: number) =>
  rateLimitSubject(request.clientIp ?? 'unknown', ipv6Prefix);

/**
 * One counter per client for the whole service (spec section 8), whichever route it calls; the same key on every
 * instance when the counters live in Redis.
 */
export const rateLimitKey = (subject: string) => `idflow:rate:${THROTTLER_NAME}:${subject}`;
