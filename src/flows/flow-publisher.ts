import { Injectable, Logger } from '@nestjs/common';
import type { FlowChangedEvent } from './events/flow-changed.event';
import { FlowEventBus } from './events/flow-event-bus';
import { FlowMetrics } from './flow-metrics';
import { FlowPresenter } from './flow.presenter';
import { isTerminal } from './flow-state';
import { FlowPushHooks } from './flow-push.hooks';
import type { ObservedView } from './flow-view';
import type { Flow } from './flow.entity';
import { FlowRepository } from './flow.repository';
import { deviceVerificationOf } from './verification-code';

/** Who hears of a change: observers and the holders' devices, or observers alone (a progress hint). */
export type ChangeAudience = 'everyone' | 'observers';

/**
 * Tells the world of flows once their changes are committed: the flow's metrics, the event bus (observers and the
 * holders' device streams) and the push hooks (a Web Push notice). FlowsService decides and writes; this only tells.
 * The change is already committed when it is told, so a bus failure is logged, not thrown, and waiters read their
 * flows again when the bus listens again (FlowEventBus.onFlow's `missed`).
 */
@Injectable()
export class FlowPublisher {
  private readonly logger = new Logger(FlowPublisher.name);

  constructor(
    private readonly flows: FlowRepository,
    private readonly presenter: FlowPresenter,
    private readonly bus: FlowEventBus,
    private readonly pushHooks: FlowPushHooks,
    private readonly flowMetrics: FlowMetrics,
  ) {}

  /** A flow just created and committed. */
  async created(flow: Flow): Promise<void> {
    this.flowMetrics.recordCreated(flow);
    await this.publish(flow, 'created');
  }

  /** A flow just moved, the move committed. */
  moved(flow: Flow): void {
    if (isTerminal(flow.status)) this.flowMetrics.recordEnded(flow);
    void this.publish(flow);
  }

  /** Publishes the flow as it now stands, for changes made beside it (a document signee viewing, for example). */
  async announce(flowId: string, audience: ChangeAudience = 'everyone'): Promise<void> {
    const flow = await this.flows.findNow(flowId);
    if (flow) await this.publish(flow, 'changed', audience);
  }

  /** Tells these people's devices of a flow still open that has just come to wait for them: the push hooks, once. */
  async pushTo(flowId: string, nins: readonly string[]): Promise<void> {
    if (nins.length === 0) return;
    try {
      const flow = await this.flows.findNow(flowId);
      if (!flow || isTerminal(flow.status)) return;
      await this.pushHooks.run(this.changedEvent(flow, [...nins], await this.presenter.present(flow)));
    } catch (error) {
      this.logger.error({ err: error, flowId }, 'Could not tell devices of a flow waiting for them');
    }
  }

  /**
   * A flow just created can only be waited on by its holders' devices (nobody else knows its id yet), so one that is
   * no news to them (no holders, or a same-device flow no device holds yet) is not published at all, and its view is
   * not built; one that is news is handed to the push hooks once, here, on the instance that made it.
   */
  private async publish(
    flow: Flow,
    change: 'created' | 'changed' = 'changed',
    audience: ChangeAudience = 'everyone',
  ): Promise<void> {
    try {
      let presented: Promise<ObservedView> | undefined;
      if (change === 'created' && !this.presenter.announcesCreation(flow)) return;
      const view = () => (presented ??= this.presenter.present(flow));
      const holderNins = audience === 'everyone' ? await this.presenter.holderNins(flow, view) : [];
      if (change === 'created' && holderNins.length === 0) return;
      const event = this.changedEvent(flow, holderNins, await view());
      await this.bus.publish(event);
      if (change === 'created') await this.pushHooks.run(event);
    } catch (error) {
      this.logger.error({ err: error, flowId: flow.id }, 'Could not publish a flow change');
    }
  }

  private changedEvent(flow: Flow, holderNins: string[], view: ObservedView): FlowChangedEvent {
    return {
      flowId: flow.id,
      appId: flow.appId,
      environment: flow.environment,
      holderNins,
      deviceId: flow.deviceId,
      verification: deviceVerificationOf(flow),
      kind: flow.kind,
      view,
      // The view is the one this flow's own kind presented, which the type system cannot follow through the registry.
    } as FlowChangedEvent;
  }
}
