import type { Histogram } from 'prom-client';
import type { Metrics } from '../../common/metrics/metrics';
import type { FlowChangedEvent } from './flow-changed.event';

export type FlowChangeListener = (event: FlowChangedEvent) => void;
/**
 * Changes may have gone unheard (the broker was away and this instance listens again): whoever shows a flow reads it
 * again, rather than showing its last state until a next change that may never come.
 */
export type MissedChangesListener = () => void;
export type Unsubscribe = () => void;
/** An event as it travels: stamped with the time it was sent, so that each instance can tell how late it arrives. */
export type SentFlowChange = FlowChangedEvent & { sentAt: number };

/** Seconds from publishing a change to its arrival on an instance, on each instance. */
export function eventBusLag(metrics: Metrics): Histogram {
  return metrics.histogram({
    name: 'idflow_event_bus_lag_seconds',
    help: 'Time from publishing a flow change to its arrival on this instance',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  });
}

/**
 * Carries flow changes to whoever waits on them (SSE streams, held polls, device streams) on every instance. In-process
 * by default; over Redis pub/sub when the deployment has several instances.
 */
export abstract class FlowEventBus {
  private readonly byFlow = new Map<string, Set<FlowChangeListener>>();
  private readonly byHolder = new Map<string, Set<FlowChangeListener>>();
  private readonly onMissed = new Map<FlowChangeListener, MissedChangesListener>();

  constructor(private readonly lag: Histogram) {}

  /** Sends the change to every instance, this one included. */
  publish(event: FlowChangedEvent): Promise<void> {
    return this.send({ ...event, sentAt: Date.now() });
  }

  protected abstract send(event: SentFlowChange): Promise<void>;

  /** Changes of one flow. */
  onFlow(flowId: string, listener: FlowChangeListener, missed?: MissedChangesListener): Unsubscribe {
    return this.add(this.byFlow, flowId, listener, missed);
  }

  /** Changes of flows addressed to one NIN in one environment: a device's new work. */
  onHolder(
    environment: string,
    nin: string,
    listener: FlowChangeListener,
    missed?: MissedChangesListener,
  ): Unsubscribe {
    return this.add(this.byHolder, `${environment}:${nin}`, listener, missed);
  }

  /** How many listeners this instance holds, to prove that closed connections release theirs. */
  listenerCount(): number {
    let count = 0;
    for (const listeners of [...this.byFlow.values(), ...this.byHolder.values()]) count += listeners.size;
    return count;
  }

  /** Hands an event that reached this instance to its local listeners. */
  protected deliver(event: SentFlowChange): void {
    // Clocks of two hosts may disagree by a little: a change cannot arrive before it was sent.
    this.lag.observe(Math.max(0, Date.now() - event.sentAt) / 1000);
    for (const listener of this.byFlow.get(event.flowId) ?? []) listener(event);
    for (const nin of new Set(event.holderNins)) {
      for (const listener of this.byHolder.get(`${event.environment}:${nin}`) ?? []) listener(event);
    }
  }

  /** Tells every listener on this instance that asked to know that changes may have gone unheard. */
  protected missedChanges(): void {
    for (const missed of [...this.onMissed.values()]) missed();
  }

  private add(
    index: Map<string, Set<FlowChangeListener>>,
    key: string,
    listener: FlowChangeListener,
    missed?: MissedChangesListener,
  ): Unsubscribe {
    const listeners = index.get(key) ?? new Set<FlowChangeListener>();
    listeners.add(listener);
    index.set(key, listeners);
    if (missed) this.onMissed.set(listener, missed);
    return () => {
      listeners.delete(listener);
      this.onMissed.delete(listener);
      if (listeners.size === 0 && index.get(key) === listeners) index.delete(key);
    };
  }
}
