import { Injectable } from '@nestjs/common';
import type { FlowKind } from '../flow-kind';
import type { FlowKindPlugin } from './flow-kind-plugin';

/**
 * Where the module owning a kind of flow (identification, signing, documents) registers what that kind does, so the
 * flow engine, the Wallet API and the sandbox never branch on the kind.
 */
@Injectable()
export class FlowKindRegistry {
  private readonly plugins = new Map<FlowKind, FlowKindPlugin>();

  register<K extends FlowKind>(kind: K, plugin: FlowKindPlugin<K>): void {
    if (this.plugins.has(kind)) throw new Error(`The ${kind} flow kind is registered twice`);
    this.plugins.set(kind, plugin);
  }

  /** The plugin of a kind; every kind a flow can have is registered when the application starts. */
  of(kind: FlowKind): FlowKindPlugin {
    const plugin = this.plugins.get(kind);
    if (!plugin) throw new Error(`No module registered the ${kind} flow kind`);
    return plugin;
  }

  all(): FlowKindPlugin[] {
    return [...this.plugins.values()];
  }

  /** The kinds whose completed flows are kept past the retention of ended flows. */
  keepingCompleted(): FlowKind[] {
    return [...this.plugins].filter(([, plugin]) => plugin.keepsCompleted).map(([kind]) => kind);
  }
}
