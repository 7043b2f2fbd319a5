import { Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { FlowChangedEvent } from './flow-changed.event';
import { FlowEventBus } from './flow-event-bus';

export const FLOW_CHANGES_CHANNEL = 'idflow:flow-changes';

/**
 * Scaled out: changes go through one Redis channel that every instance subscribes to, so an approval handled by one
 * instance wakes the streams and polls held by all the others. Subscribing needs a connection of its own.
 */
export class RedisFlowEventBus extends FlowEventBus implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisFlowEventBus.name);

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
  ) {
    super();
  }

  static async connect(publisher: Redis): Promise<RedisFlowEventBus> {
    const subscriber = publisher.duplicate();
    if (subscriber.status === 'wait') await subscriber.connect();
    const bus = new RedisFlowEventBus(publisher, subscriber);
    subscriber.on('message', (_channel: string, message: string) => bus.receive(message));
    await subscriber.subscribe(FLOW_CHANGES_CHANNEL);
    return bus;
  }

  async publish(event: FlowChangedEvent): Promise<void> {
    await this.publisher.publish(FLOW_CHANGES_CHANNEL, JSON.stringify(event));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber.quit();
  }

  private receive(message: string): void {
    try {
      this.deliver(JSON.parse(message) as FlowChangedEvent);
    } catch (error) {
      this.logger.error({ err: error }, 'Unreadable flow change on the bus');
    }
  }
}
