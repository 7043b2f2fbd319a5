import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { FlowMove } from './flow-state';
import type { Flow } from './flow.entity';

/** Work that must commit together with a flow's move, or not at all (a webhook delivery row, for example). */
export type FlowTransitionHook = (manager: EntityManager, flow: Flow, move: FlowMove) => Promise<void>;

/**
 * Where other modules attach work to flow moves without the flow engine knowing them: each hook runs inside the
 * move's transaction, after the compare-and-set has won.
 */
@Injectable()
export class FlowTransitionHooks {
  private readonly hooks: FlowTransitionHook[] = [];

  register(hook: FlowTransitionHook): void {
    this.hooks.push(hook);
  }

  async run(manager: EntityManager, flow: Flow, move: FlowMove): Promise<void> {
    for (const hook of this.hooks) await hook(manager, flow, move);
  }
}
