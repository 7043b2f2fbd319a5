import type { FlowChangedEvent } from './flow-changed.event';

export type FlowChangeListener = (event: FlowChangedEvent) => void;
export type Unsubscribe = () => void;

/**
 * Carries flow changes to whoever waits on them (SSE streams, held polls, device streams) on every instance. In-process
 * by default; over Redis pub/sub when the deployment has several instances.
 */
export abstract class FlowEventBus {
  private readonly byFlow = new Map<string, Set<FlowChangeListener>>();
  private readonly byHolder = new Map<string, Set<FlowChangeListener>>();

  /** Sends the change to every instance, this one included. */
  abstract publish(event: FlowChangedEvent): Promise<void>;

  /** Changes of one flow. */
  onFlow(flowId: string, listener: FlowChangeListener): Unsubscribe {
    return this.add(this.byFlow, flowId, listener);
  }

  /** Changes of flows addressed to one NIN in one environment: a device's new work. */
  onHolder(environment: string, nin: string, listener: FlowChangeListener): Unsubscribe {
    return this.add(this.byHolder, `${environment}:${nin}`, listener);
  }

  /** How many listeners this instance holds, to prove that closed connections release theirs. */
  listenerCount(): number {
    let count = 0;
    for (const listeners of [...this.byFlow.values(), ...this.byHolder.values()]) count += listeners.size;
    return count;
  }

  /** Hands an event that reached this instance to its local listeners. */
  protected deliver(event: FlowChangedEvent): void {
    for (const listener of this.byFlow.get(event.flowId) ?? []) listener(event);
    for (const nin of new Set(event.holderNins)) {
      for (const listener of this.byHolder.get(`${event.environment}:${nin}`) ?? []) listener(event);
    }
  }

  private add(index: Map<string, Set<FlowChangeListener>>, key: string, listener: FlowChangeListener): Unsubscribe {
    const listeners = index.get(key) ?? new Set<FlowChangeListener>();
    listeners.add(listener);
    index.set(key, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && index.get(key) === listeners) index.delete(key);
    };
  }
}
