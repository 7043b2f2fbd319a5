import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { RedisChannels } from '../../redis/redis-channels';
import { RedisSubscription } from '../../redis/redis-subscription';
import type { Histogram } from 'prom-client';
import { FlowEventBus, type SentFlowChange } from './flow-event-bus';

/** Named behind REDIS_PREFIX (RedisChannels). */
export const FLOW_CHANGES_CHANNEL = 'flow-changes';

/**
 * Scaled out: changes go through one Redis channel that every instance subscribes to, so an approval handled by one
 * instance wakes the streams and polls held by all the others. Subscribing needs a connection of its own.
 */
export class RedisFlowEventBus extends FlowEventBus implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisFlowEventBus.name);
  private subscription?: RedisSubscription;

  private constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
    lag: Histogram,
  ) {
    super(lag);
  }

  static async connect(publisher: Redis, channels: RedisChannels, lag: Histogram): Promise<RedisFlowEventBus> {
    const bus = new RedisFlowEventBus(publisher, channels.named(FLOW_CHANGES_CHANNEL), lag);
    bus.subscription = await RedisSubscription.open<SentFlowChange>(publisher, bus.channel, {
      onMessage: (event) => bus.deliver(event),
      onError: (error) => bus.logger.error({ err: error }, 'Unreadable flow change on the bus'),
      onResubscribed: () => {
        bus.logger.warn('Listening to flow changes again after losing Redis: observers read their flows again');
        bus.missedChanges();
      },
    });
    return bus;
  }

  protected async send(event: SentFlowChange): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }
}
