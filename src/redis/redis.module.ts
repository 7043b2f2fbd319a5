import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { RedisChannels } from './redis-channels';
import { logRedisOutages } from './redis-outage-log';
import { REDIS_CLIENT } from './redis.constants';

/**
 * One Redis connection per instance when `REDIS_URL` is set (throttler counters now; the flow event bus later).
 * It connects during start-up, so an unreachable Redis stops the start instead of failing requests later, and it
 * fails commands at once while disconnected rather than queueing them behind a hanging request. Commands issued in the
 * same turn of the event loop (the rate-limit counts of requests that arrived together) go out in one write: on a
 * busy instance a write per command cost more than the commands.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [AppConfig],
      useFactory: async (config: AppConfig): Promise<Redis | null> => {
        if (!config.REDIS_URL) return null;
        const client = new Redis(config.REDIS_URL, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          enableAutoPipelining: true,
        });
        logRedisOutages(client, 'commands');
        await client.connect();
        return client;
      },
    },
    {
      provide: RedisChannels,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new RedisChannels(config.REDIS_PREFIX),
    },
  ],
  exports: [REDIS_CLIENT, RedisChannels],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit();
  }
}
