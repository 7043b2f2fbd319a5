import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { successEnvelope } from '../common/envelope/envelope';
import type { EventStream } from '../common/http/event-stream';
import { Metrics } from '../common/metrics/metrics';
import { OpenStreams } from '../common/http/open-streams';
import { StreamHeartbeat } from '../common/http/stream-heartbeat';
import { StreamQuota } from '../common/http/stream-quota';
import { AppConfig } from '../config/app-config';
import { FlowEventBus } from './events/flow-event-bus';
import { FlowPresenter } from './flow.presenter';
import { isTerminal } from './flow-state';
import type { ObservedView } from './flow-view';
import type { Flow } from './flow.entity';
import { FlowsService } from './flows.service';

/** Spec 4.4: an SSE event at least every 2 seconds. */
export const SSE_INTERVAL_MS = 2000;
/** Spec 4.4: legacy polling re-checks about every 1.2 seconds. */
export const POLL_RECHECK_MS = 1200;

/** Who opened a stream: where from, and whether they gave the app secret (which entitles them to personal data). */
export interface StreamObserver {
  clientIp: string;
  personalData: boolean;
}

/**
 * Watches flows for integrators: the SSE stream and the legacy held poll. Both wake on the flow event bus, so a change
 * made on any instance reaches them at once; the timers are only a safety net.
 */
@Injectable()
export class FlowObserverService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(FlowObserverService.name);
  /** How to answer each poll held right now, at once. */
  private readonly held = new Set<() => void>();
  private readonly heartbeat = new StreamHeartbeat(SSE_INTERVAL_MS);

  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly bus: FlowEventBus,
    private readonly config: AppConfig,
    private readonly streams: OpenStreams,
    private readonly quota: StreamQuota,
    metrics: Metrics,
  ) {
    metrics.sampledGauge('idflow_held_polls', 'Legacy held polls this instance is holding', () => this.held.size);
  }

  /**
   * Streams an app's flow until it ends or the client goes away; another app's flow, an unknown one, or one more stream
   * than the caps allow is refused before the stream starts. Personal data is sent only to an observer who gave the
   * app secret as well as the key.
   */
  async stream(flowId: string, appId: string, response: Response, observer: StreamObserver): Promise<void> {
    // Subscribed before the flow is read, so a change made in between is not missed.
    let changedMeanwhile = false;
    let onChange: (view: ObservedView) => void = () => (changedMeanwhile = true);
    let onMissed = () => void (changedMeanwhile = true);
    const unsubscribe = this.bus.onFlow(
      flowId,
      (event) => onChange(event.view),
      () => onMissed(),
    );
    let flow: Flow;
    try {
      flow = await this.flows.findForApp(flowId, appId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    let events: EventStream;
    try {
      events = this.streams.open(response, { flow: flowId, app: appId, clientIp: observer.clientIp });
    } catch (error) {
      unsubscribe();
      throw error;
    }
    events.onClose(unsubscribe);
    // What the stream's closures hold lives as long as the stream: the flow's kind and expiry, not the entity or view.
    const { kind } = flow;
    const shown = (view: ObservedView) =>
      observer.personalData ? view : this.presenter.withoutPersonalData(kind, view);
    let ended = false;
    let expiresAt = Infinity;
    const show = (view: ObservedView) => {
      if (ended) return;
      ended = isTerminal(view.status);
      expiresAt = view.exp * 1000;
      events.send(successEnvelope('Flow state', 'v2', { request: shown(view) }));
      if (ended) events.end();
    };
    onChange = show;
    onMissed = () => void this.latest(flowId).then(show, () => events.end());
    events.onClose(
      this.heartbeat.join(() => {
        if (Date.now() >= expiresAt) void this.latest(flowId).then(show, () => events.end());
        else events.repeat();
      }),
    );
    show(await this.presenter.present(flow));
    // A change announced while the flow was being read may be older or newer than what was read: read it again.
    if (changedMeanwhile) show(await this.latest(flowId));
  }

  /**
   * Holds the request until the flow ends, or for POLL_HOLD_SECONDS, then answers with the flow as it stands. Resolves
   * early (with null) when the client goes away. A held poll costs what a stream does, so it is capped as streams are
   * (per flow, app and client IP), counted on its own.
   */
  hold(flow: Flow, response: Response, clientIp: string): Promise<ObservedView | null> {
    if (isTerminal(flow.status)) return this.presenter.present(flow);
    const release = this.quota.acquire({ flow: flow.id, app: flow.appId, clientIp }, 'held polls');
    return new Promise((resolve) => {
      const cleanups: Array<() => void> = [release];
      const finish = (view: ObservedView | null) => {
        for (const cleanup of cleanups.splice(0)) cleanup();
        resolve(view);
      };
      const recheck = async () => {
        const view = await this.latest(flow.id);
        if (isTerminal(view.status)) finish(view);
      };
      cleanups.push(
        this.bus.onFlow(
          flow.id,
          (event) => isTerminal(event.view.status) && finish(event.view),
          () => void recheck().catch(() => undefined),
        ),
      );
      const recheckTimer = setInterval(() => void recheck().catch(() => undefined), POLL_RECHECK_MS);
      const holdTimer = setTimeout(
        () => void this.latest(flow.id).then(finish, () => finish(null)),
        this.config.POLL_HOLD_SECONDS * 1000,
      );
      const onClose = () => finish(null);
      response.on('close', onClose);
      const answerNow = () => void this.latest(flow.id).then(finish, () => finish(null));
      this.held.add(answerNow);
      cleanups.push(
        () => clearInterval(recheckTimer),
        () => clearTimeout(holdTimer),
        () => response.off('close', onClose),
        () => this.held.delete(answerNow),
      );
    });
  }

  /** The instance stops: every held poll is answered with its flow as it stands, as when its time is up. */
  beforeApplicationShutdown(signal?: string): void {
    if (this.held.size === 0) return;
    this.logger.log({ polls: this.held.size, signal }, 'Answering held polls with the current state');
    for (const answerNow of [...this.held]) answerNow();
  }

  private async latest(flowId: string): Promise<ObservedView> {
    return this.presenter.present(await this.flows.find(flowId));
  }
}
