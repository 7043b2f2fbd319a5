import { Injectable } from '@nestjs/common';
import { maskId } from '../common/masking/mask-id';
import { ServiceKeyService } from '../service-key/service-key.service';
import type { FlowKind } from './flow-kind';
import { isUnsuccessfulEnd } from './flow-state';
import type { FlowRequestObject, FlowView, ObservedView } from './flow-view';
import type { Flow } from './flow.entity';

/** How a module that owns a kind of flow (documents) shows it to observers. */
export type FlowRenderer = (flow: Flow) => Promise<ObservedView>;

const seconds = (epochMs: number) => Math.floor(epochMs / 1000);

/** Turns a stored flow into the view integrators see; nothing private (device ids, raw NINs of others) leaks. */
@Injectable()
export class FlowPresenter {
  private readonly renderers = new Map<FlowKind, FlowRenderer>();

  constructor(private readonly serviceKey: ServiceKeyService) {}

  /** Lets the module owning a kind of flow say how it is shown, without the flow engine knowing that module. */
  registerRenderer(kind: FlowKind, renderer: FlowRenderer): void {
    this.renderers.set(kind, renderer);
  }

  /** The flow as ping, cancel, polling, SSE and the event bus show it, whatever its kind. */
  present(flow: Flow): Promise<ObservedView> {
    const renderer = this.renderers.get(flow.kind);
    return renderer ? renderer(flow) : Promise.resolve(this.view(flow));
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

  view(flow: Flow): FlowView {
    const completed = flow.status === 'completed';
    const view: FlowView = {
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
      status: flow.status,
      onsession: flow.deviceId !== null,
      cancelled: isUnsuccessfulEnd(flow.status),
      stamp: flow.stamp,
    };
    if (completed && flow.kind === 'signing' && flow.signature) {
      view.signature = flow.signature;
      view.signedAt = seconds(flow.signedAt ?? flow.updatedAt);
    }
    if (completed && flow.kind === 'identification' && flow.holderNin) {
      view.claims = flow.claims ?? {};
      view.subject = this.serviceKey.pseudonym(flow.appId, flow.holderNin);
    }
    return view;
  }
}
