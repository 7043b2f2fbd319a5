import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { rateLimitSubject } from '../client-ip/client-ip';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';
import { Metrics } from '../metrics/metrics';
import { FixedWindowThrottlerStorage, type ThrottlerStorageRecord } from './fixed-window.throttler-storage';
import { RATE_LIMIT_WINDOW_MS, THROTTLER_NAME, rateLimitKey } from './rate-limit-key';

/** Probed by orchestrators many times a minute from one address. */
const UNLIMITED_PATHS = new Set(['/api/health/ready', '/api/health/live']);

/**
 * The limit a minute per client (spec section 8), counted for every request before anything else reads it: unknown
 * routes, Swagger, and bodies the parser refuses (malformed, too deep, too large) count like any other call, and a
 * refused client costs one counter increment. When the shared counter store (Redis) fails, requests are refused with
 * 503 rather than let through uncounted: an instance that cannot reach Redis is unhealthy, and readiness says so.
 */
@Injectable()
export class RateLimiter {
  private readonly refusals;

  constructor(
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    metrics: Metrics,
  ) {
    this.refusals = metrics.counter({
      name: 'idflow_rate_limit_refusals_total',
      help: 'Requests refused with 429 because their client was over the limit a minute',
    });
  }

  middleware(): RequestHandler {
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    const ipv6Prefix = this.config.RATE_LIMIT_IPV6_PREFIX;
    // A single instance's counters answer at once: the request goes on in the same turn, without a promise.
    const counters = this.storage instanceof FixedWindowThrottlerStorage ? this.storage : undefined;
    return (request: Request, response: Response, next: NextFunction) => {
      if (UNLIMITED_PATHS.has(request.path)) return next();
      const key = rateLimitKey(rateLimitSubject(request.clientIp ?? 'unknown', ipv6Prefix));
      if (counters) {
        const counted = counters.incrementNow(key, RATE_LIMIT_WINDOW_MS, limit, RATE_LIMIT_WINDOW_MS, THROTTLER_NAME);
        return this.admit(counted, limit, response, next);
      }
      this.storage.increment(key, RATE_LIMIT_WINDOW_MS, limit, RATE_LIMIT_WINDOW_MS, THROTTLER_NAME).then(
        (counted) => this.admit(counted, limit, response, next),
        () => next(new ServiceUnavailableError('The rate limiter is unavailable; try again shortly')),
      );
    };
  }

  /** Says where the client stands in its window, and lets the request through or refuses it. */
  private admit(counted: ThrottlerStorageRecord, limit: number, response: Response, next: NextFunction): void {
    response.setHeader('X-RateLimit-Limit', limit);
    response.setHeader('X-RateLimit-Remaining', Math.max(0, limit - counted.totalHits));
    response.setHeader('X-RateLimit-Reset', counted.timeToExpire);
    if (!counted.isBlocked) return next();
    response.setHeader('Retry-After', counted.timeToBlockExpire);
    this.refusals.inc();
    next(new ThrottlerException());
  }
}
