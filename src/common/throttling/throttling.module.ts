import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS_CLIENT } from '../../redis/redis.constants';
import { FixedWindowThrottlerStorage } from './fixed-window.throttler-storage';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * One counter per client IP for the whole service (spec section 8). The throttler's default key also names the
 * controller and handler, which would give every route its own 100 a minute.
 */
export const rateLimitKey = (_context: unknown, clientIp: string, throttlerName: string) =>
  `idflow:rate:${throttlerName}:${clientIp}`;

/**
 * In-memory counters on one instance; Redis counters, shared by every instance, when `REDIS_URL` is set. Both count a
 * fixed window per client IP.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS_CLIENT],
      useFactory: (config: AppConfig, redis: Redis | null) => ({
        throttlers: [{ name: 'default', ttl: RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_PER_MINUTE }],
        storage: redis ? new ThrottlerStorageRedisService(redis) : new FixedWindowThrottlerStorage(),
        generateKey: rateLimitKey,
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class ThrottlingModule {}
