import { Injectable } from '@nestjs/common';
import type { FlowMove } from './flow-state';
import type { Flow } from './flow.entity';

/** Work that must commit together with a flow's move, or not at all (a webhook delivery row, for example). */
export type FlowTransitionHook = (flow: Flow, move: FlowMove) => Promise<void>;

/**
 * Where other modules attach work to flow moves without the flow engine knowing them: each hook runs inside the
 * move's unit of work, after the compare-and-set has won, and writes through repositories that join it.
 */
@Injectable()
export class FlowTransitionHooks {
  private readonly hooks: FlowTransitionHook[] = [];

  register(hook: FlowTransitionHook): void {
    this.hooks.push(hook);
  }

  async run(flow: Flow, move: FlowMove): Promise<void> {
    for (const hook of this.hooks) await hook(flow, move);
  }
}
