import { Injectable, Logger } from '@nestjs/common';
import type { FlowChangedEvent } from './events/flow-changed.event';

/**
 * Work done once a new flow has been announced to its holders' devices (a Web Push notice, for example). The create
 * waits for it, so a hook does what is quick and leaves the slow part (calling out) running on its own.
 */
export type FlowPushHook = (event: FlowChangedEvent) => Promise<void>;

/**
 * Where modules above flows attach work to a flow pushed to people, without the flow engine knowing them. Unlike the
 * device stream, which every instance feeds from the event bus, these run once: on the instance that made the flow,
 * after it was committed and published. A hook's failure is logged: the flow stands, and the inbox shows it.
 */
@Injectable()
export class FlowPushHooks {
  private readonly logger = new Logger(FlowPushHooks.name);
  private readonly hooks: FlowPushHook[] = [];

  register(hook: FlowPushHook): void {
    this.hooks.push(hook);
  }

  async run(event: FlowChangedEvent): Promise<void> {
    for (const hook of this.hooks) {
      await hook(event).catch((error: unknown) =>
        this.logger.error({ err: error, flowId: event.flowId }, 'Could not tell devices of a pushed flow'),
      );
    }
  }
}
