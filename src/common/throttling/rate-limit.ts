import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { RATE_LIMIT_WINDOW_MS, THROTTLER_NAME, rateLimitKey, rateLimitTracker } from './rate-limit-key';

/** Orchestrators probe these many times a minute from one address; refusing them would restart a healthy instance. */
export const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/api/health/live', '/api/health/ready']);

/**
 * The limit a minute per client (spec section 8), counted once for every request, in one place: a middleware that
 * runs before the OpenID provider, the API document, the body parser and every route, so that a request that reaches
 * no route, or whose body is refused, counts like any other, and a client over the limit gets 429 before any credential
 * is checked. It counts in the throttler's storage (ThrottlingModule: in memory, or in Redis shared by every instance)
 * and answers with the throttler guard's headers; the exception filter answers the 429.
 */
@Injectable()
export class RateLimit {
  constructor(
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      if (UNLIMITED_PATHS.has(request.path)) return next();
      this.count(request, response).then(() => next(), next);
    };
  }

  private async count(request: Request, response: Response): Promise<void> {
    const limit = this.config.RATE_LIMIT_PER_MINUTE;
    const key = rateLimitKey(rateLimitTracker(request, this.config.RATE_LIMIT_IPV6_PREFIX));
    const counted = await this.storage.increment(
      key,
      RATE_LIMIT_WINDOW_MS,
      limit,
      RATE_LIMIT_WINDOW_MS,
      THROTTLER_NAME,
    );
    if (counted.isBlocked) {
      response.setHeader('Retry-After', counted.timeToBlockExpire);
      throw new ThrottlerException();
    }
    response.setHeader('X-RateLimit-Limit', limit);
    response.setHeader('X-RateLimit-Remaining', Math.max(0, limit - counted.totalHits));
    response.setHeader('X-RateLimit-Reset', counted.timeToExpire);
  }
}
