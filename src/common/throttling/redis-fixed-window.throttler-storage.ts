import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { ServiceUnavailableError } from '../errors/service-unavailable.error';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Counts a call in the client's window and answers `[hits, ms until the window ends, ms until the block ends or 0]`.
 * The window starts with its first call; a client over the limit is blocked for `blockDuration`, as in memory.
 */
const FIXED_WINDOW_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local windowLeft = redis.call('PTTL', KEYS[1])
if windowLeft < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  windowLeft = tonumber(ARGV[1])
end
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], 1, 'PX', ARGV[3])
  blockLeft = tonumber(ARGV[3])
end
if blockLeft < 0 then blockLeft = 0 end
return { hits, windowLeft, blockLeft }
`;

const COMMAND = 'idflowRateLimitHit';

type WithRateLimitCommand = Redis & {
  [COMMAND]: (hitsKey: string, blockKey: string, ttl: number, limit: number, block: number) => Promise<number[]>;
};

/**
 * The counters every instance shares, in Redis: a fixed window per client, counted as FixedWindowThrottlerStorage
 * counts in memory, with the same keys as @nest-lab/throttler-storage-redis. That package sent its whole script with
 * each call (EVAL), a real part of an instance's time on a health check; ioredis's defined command sends the script's
 * digest (EVALSHA) and the script itself only when Redis does not have it yet. Every key starts with REDIS_PREFIX, so
 * deployments sharing a Redis count their clients apart.
 */
export class RedisFixedWindowThrottlerStorage implements ThrottlerStorage {
  private readonly redis: WithRateLimitCommand;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: FIXED_WINDOW_SCRIPT });
    this.redis = redis as WithRateLimitCommand;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    // The braces make both keys one hash slot on a Redis Cluster; the prefix stays outside them.
    const slot = `${this.prefix}{${key}:${throttlerName}}`;
    const [hits, windowLeft, blockLeft] = await this.redis[COMMAND](
      `${slot}:hits`,
      `${slot}:blocked`,
      ttl,
      limit,
      blockDuration,
    ).catch(() => {
      // Refused rather than let through uncounted: an instance that cannot reach Redis is unhealthy, and readiness says so.
      throw new ServiceUnavailableError('The rate limiter is unavailable; try again shortly');
    });
    return {
      totalHits: hits,
      timeToExpire: Math.ceil(windowLeft / 1000),
      isBlocked: blockLeft > 0,
      timeToBlockExpire: Math.ceil(blockLeft / 1000),
    };
  }
}
