import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../../redis/redis.constants';
import { FixedWindowThrottlerStorage } from './fixed-window.throttler-storage';
import { RedisFixedWindowThrottlerStorage } from './redis-fixed-window.throttler-storage';
import { RATE_LIMIT_WINDOW_MS, THROTTLER_NAME } from './rate-limit-key';
import { RateLimiter } from './rate-limiter';

/**
 * The rate limiter and its counters: in memory on one instance; in Redis, shared by every instance, when `REDIS_URL`
 * is set. Both count a fixed window per client.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: [{ name: THROTTLER_NAME, ttl: RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_PER_MINUTE }],
        storage: redis ? new RedisFixedWindowThrottlerStorage(redis) : new FixedWindowThrottlerStorage(),
      }),
    }),
  ],
  providers: [RateLimiter],
  exports: [RateLimiter],
})
export class ThrottlingModule {}
