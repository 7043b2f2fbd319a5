import type Redis from 'ioredis';

/**
 * One Redis channel this instance listens to, on a connection of its own (a subscribed connection can do nothing
 * else). Each message arrives as the JSON value it was published as; a message that is not JSON, or that `onMessage`
 * fails on, goes to `onError` rather than into the connection's event loop.
 */
export class RedisSubscription {
  private constructor(private readonly connection: Redis) {}

  static async open<T>(
    redis: Redis,
    channel: string,
    handlers: {
      onMessage: (message: T) => void;
      onError: (error: unknown) => void;
      /** The connection is (again) ready: messages published while it was down are lost. */
      onReady?: () => void;
    },
  ): Promise<RedisSubscription> {
    const connection = redis.duplicate();
    connection.on('message', (_channel: string, text: string) => {
      try {
        handlers.onMessage(JSON.parse(text) as T);
      } catch (error) {
        handlers.onError(error);
      }
    });
    if (handlers.onReady) connection.on('ready', handlers.onReady);
    if (connection.status === 'wait') await connection.connect();
    await connection.subscribe(channel);
    return new RedisSubscription(connection);
  }

  async close(): Promise<void> {
    await this.connection.quit();
  }
}
