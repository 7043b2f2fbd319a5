import { Injectable } from '@nestjs/common';
import { maskId } from '../common/masking/mask-id';
import { maskNin } from '../common/masking/mask-nin';
import { AppConfig } from '../config/app-config';
import { hintOf } from './flow-hint';
import { isUnsuccessfulEnd, observedStatus } from './flow-state';
import type { FlowRequestObject, FlowView, ObservedView } from './flow-view';
import type { Flow } from './flow.entity';
import type { FlowKind } from './flow-kind';
import { FlowKindRegistry } from './kinds/flow-kind.registry';

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/** Turns a stored flow into the view integrators see; nothing private (device ids, raw NINs of others) leaks. */
@Injectable()
export class FlowPresenter {
  constructor(
    private readonly kinds: FlowKindRegistry,
    private readonly config: AppConfig,
  ) {}

  /** The flow as ping, cancel, polling, SSE and the event bus show it, whatever its kind. */
  present(flow: Flow): Promise<ObservedView> {
    return this.kinds.of(flow.kind).present(flow);
  }

  /**
   * The view for an observer who gave the API key alone (the SSE stream takes the secret as optional): the state and
   * the indicators stay, personal data goes (spec 4.4 lets a browser hold the key; it must not learn who acts). It takes
   * the flow's kind rather than the flow, so an open stream need not keep the entity.
   */
  withoutPersonalData(flowKind: FlowKind, view: ObservedView): ObservedView {
    const kind = this.kinds.of(flowKind);
    if (kind.withoutPersonalData) return kind.withoutPersonalData(view);
    return this.flowFieldsWithoutPersonalData(view as FlowView);
  }

  /** The fields every flow shows, without the NIN (masked), the IP address and the user agent. */
  private flowFieldsWithoutPersonalData(view: FlowView): FlowView {
    return { ...view, user: view.user && maskNin(view.user), ip: '', useragent: '' };
  }

  /**
   * Whose devices hear of a change to the flow, as its kind says: the NIN the flow is addressed to, unless the kind
   * names them in its view (a document's signees). The view is asked for only then.
   */
  async holderNins(flow: Flow, view: () => Promise<ObservedView>): Promise<string[]> {
    const kind = this.kinds.of(flow.kind);
    if (kind.holderNins) return kind.holderNins(await view());
    return flow.targetNin ? [flow.targetNin] : [];
  }

  /** Whether the flow, just created, is news to its holders' devices, as its kind says. */
  announcesCreation(flow: Flow): boolean {
    return this.kinds.of(flow.kind).announcesCreation?.(flow) ?? true;
  }

  /** The request object of a create response (spec 2.2): the flow's public fields and its origin stamp. */
  requestObject(flow: Flow): FlowRequestObject {
    const { id, consumer, app, name, user, mode, action, iat, exp, acquireClaims, ip, useragent, payload } =
      this.view(flow);
    return {
      id,
      consumer,
      app,
      name,
      user,
      mode,
      action,
      iat,
      exp,
      acquireClaims,
      signature: flow.stamp,
      ip,
      useragent,
      payload,
    };
  }

  /** The fields every flow shows observers; a kind adds its outcome (released claims, a signature receipt). */
  view(flow: Flow): FlowView {
    const completed = flow.status === 'completed';
    return {
      id: flow.id,
      consumer: maskId(flow.consumerId),
      app: maskId(flow.appId),
      name: flow.appName,
      user: (completed ? flow.holderNin : flow.targetNin) ?? '',
      mode: flow.kind,
      startMode: flow.startMode,
      action: flow.action,
      payload: flow.payload,
      acquireClaims: flow.requestedClaims,
      iat: seconds(flow.createdAt),
      exp: seconds(flow.expiresAt),
      lut: seconds(flow.updatedAt),
      ip: flow.ip,
      useragent: flow.userAgent,
      status: observedStatus(flow.status),
      onsession: flow.deviceId !== null,
      cancelled: isUnsuccessfulEnd(flow.status),
      hint: hintOf(flow, Date.now(), this.config.NO_CLIENT_SECONDS * 1000),
      stamp: flow.stamp,
    };
  }
}
