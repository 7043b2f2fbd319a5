import { Injectable } from '@nestjs/common';
import { FlowEventBus, type SentFlowChange } from './flow-event-bus';

/** The embedded default: one process, so delivering locally is delivering everywhere. */
@Injectable()
export class InProcessFlowEventBus extends FlowEventBus {
  protected async send(event: SentFlowChange): Promise<void> {
    // Listeners run after the publisher's own work, as they would with a real broker.
    setImmediate(() => this.deliver(event));
  }
}
