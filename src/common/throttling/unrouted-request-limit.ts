import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerException, type ThrottlerStorage } from '@nestjs/throttler';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { RATE_LIMIT_WINDOW_MS, THROTTLER_NAME, rateLimitKey, rateLimitTracker } from './rate-limit-key';

/**
 * Counts, in the throttler's own storage and windows, the requests its guard never sees because they reach no Nest
 * route: unknown paths, bodies the parser refuses (malformed, too deep, too large), and the paths Express serves beside
 * Nest (the API document, the OpenID provider). Hardening wants every request of a client counted, or a client could
 * probe without limit; the exception filter calls `countUnrouted` on failures, `middleware` guards the other paths.
 */
@Injectable()
export class UnroutedRequestLimit {
  /** Requests counted here already, so that one that fails after the middleware let it through is not counted twice. */
  private readonly counted = new WeakSet<Request>();

  constructor(
    private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  /** Counts every request under the paths it is mounted on; a client over the limit goes on to the 429. */
  middleware(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      this.count(request, response).then(() => next(), next);
    };
  }

  /**
   * Counts a failed request that no route took (a route's requests were counted by the throttler's guard): settles
   * when it is within the limit, rejects with ThrottlerException when it is over. Undefined when there is nothing to
   * count, so that a route's failure is answered in the same turn.
   */
  countUnrouted(request: Request, response: Response): Promise<void> | undefined {
    if (request.route !== undefined || this.counted.has(request)) return undefined;
    return this.count(request, response);
  }

  /** What ThrottlerGuard does for a route: the same key, window, block and headers. */
  private async count(request: Request, response: Response): Promise<void> {
    this.counted.add(request);
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
