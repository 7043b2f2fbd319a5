import type Redis from 'ioredis';
import { logRedisOutages } from './redis-outage-log';

/**
 * One Redis channel this instance listens to, on a connection of its own (a subscribed connection can do nothing
 * else). Each message arrives as the JSON value it was published as; a message that is not JSON, or that `onMessage`
 * fails on, goes to `onError` rather than into the connection's event loop. The connection comes back by itself after
 * Redis was away; what was published meanwhile is lost, which `onResubscribed` is there to make up for.
 */
export class RedisSubscription {
  private constructor(private readonly connection: Redis) {}

  static async open<T>(
    redis: Redis,
    channel: string,
    handlers: {
      onMessage: (message: T) => void;
      onError: (error: unknown) => void;
      /** Listening again after the connection was lost: messages published while it was down are lost. */
      onResubscribed?: () => void;
    },
  ): Promise<RedisSubscription> {
    const connection = redis.duplicate();
    logRedisOutages(connection, channel);
    connection.on('message', (_channel: string, text: string) => {
      try {
        handlers.onMessage(JSON.parse(text) as T);
      } catch (error) {
        handlers.onError(error);
      }
    });
    let subscribed = false;
    connection.on('ready', () => {
      if (!subscribed) return;
      // ioredis subscribes again on its own once ready; asking too resolves only when Redis has done it, so the caller
      // reads what it missed after, not before, the point from which it hears every message again.
      connection.subscribe(channel).then(() => handlers.onResubscribed?.(), handlers.onError);
    });
    if (connection.status === 'wait') await connection.connect();
    await connection.subscribe(channel);
    subscribed = true;
    return new RedisSubscription(connection);
  }

  async close(): Promise<void> {
    await this.connection.quit();
  }
}
