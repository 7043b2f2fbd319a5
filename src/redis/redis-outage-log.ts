import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

const logger = new Logger('Redis');

/**
 * Says once that a Redis connection was lost and once that it is back, with how long it was away. Without a listener
 * of its own, ioredis writes every failed reconnect (one every 5 s once Redis has been away a few seconds) to stderr as
 * a bare stack trace, outside the structured log.
 */
export function logRedisOutages(connection: Redis, name: string): void {
  let lostAt: number | undefined;
  connection.on('error', (error: Error) => {
    if (lostAt !== undefined) return;
    lostAt = Date.now();
    logger.warn({ err: error, connection: name }, 'Lost a Redis connection; reconnecting');
  });
  connection.on('ready', () => {
    if (lostAt === undefined) return;
    logger.log({ connection: name, awayMs: Date.now() - lostAt }, 'A Redis connection is back');
    lostAt = undefined;
  });
}
