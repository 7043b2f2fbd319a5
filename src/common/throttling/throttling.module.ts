import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../../redis/redis.constants';
import { FixedWindowThrottlerStorage } from './fixed-window.throttler-storage';
import { RedisFixedWindowThrottlerStorage } from './redis-fixed-window.throttler-storage';
import { RATE_LIMIT_WINDOW_MS, THROTTLER_NAME, rateLimitKey, rateLimitTracker } from './rate-limit-key';
import { RateLimit } from './rate-limit';

/**
 * The limit a minute per client (spec section 8), counted in one place: RateLimit's middleware, which the request
 * pipeline (bootstrap/pipeline-options.ts) mounts before the OpenID provider, the API document, the body parser and the
 * routes, so that every request counts once and a client over the limit gets 429 before any credential is checked.
 * @nestjs/throttler's module holds the counters and their options: one counter per client for the whole service, keyed
 * by its address as resolveClientIps found it (IPv6 by network), in memory on one instance, in Redis, shared by every
 * instance, when `REDIS_URL` is set. Its guard is not used, as it sees only requests that reach a route.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: [{ name: THROTTLER_NAME, ttl: RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_PER_MINUTE }],
        storage: redis
          ? new RedisFixedWindowThrottlerStorage(redis, config.REDIS_PREFIX)
          : new FixedWindowThrottlerStorage(),
        getTracker: (request: Pick<Request, 'clientIp'>) => rateLimitTracker(request, config.RATE_LIMIT_IPV6_PREFIX),
        generateKey: (_context: unknown, tracker: string) => rateLimitKey(tracker),
      }),
    }),
  ],
  providers: [RateLimit],
  exports: [ThrottlerModule, RateLimit],
})
export class ThrottlingModule {}
