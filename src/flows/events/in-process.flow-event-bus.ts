import { Injectable } from '@nestjs/common';
import type { FlowChangedEvent } from './flow-changed.event';
import { FlowEventBus } from './flow-event-bus';

/** The embedded default: one process, so delivering locally is delivering everywhere. */
@Injectable()
export class InProcessFlowEventBus extends FlowEventBus {
  async publish(event: FlowChangedEvent): Promise<void> {
    // Listeners run after the publisher's own work, as they would with a real broker.
    setImmediate(() => this.deliver(event));
  }
}
