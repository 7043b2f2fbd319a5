import { Injectable } from '@nestjs/common';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Device } from '../devices/device.entity';
import { PasskeysService } from '../devices/passkeys.service';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import type { FlowChangedEvent } from '../flows/events/flow-changed.event';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import type { Consent } from '../flows/kinds/consent';
import { FlowKindRegistry } from '../flows/kinds/flow-kind.registry';
import type { HolderFlowView } from '../flows/kinds/holder-flow-view';
import type { HistoryEntry } from './history-entry';
import type { InboxView } from './inbox-view';

/** The most answers a history shows. */
const HISTORY_LENGTH = 50;

/**
 * What a holder does with a flow through one of their devices: pick it up, read it, approve with consent, decline.
 * The Wallet API and the sandbox simulator both act through this service, so they cannot behave differently; each
 * kind of flow says, through its registered plugin, what these mean for it.
 */
@Injectable()
export class HolderService {
  constructor(
    private readonly flows: FlowsService,
    private readonly kinds: FlowKindRegistry,
    private readonly passkeys: PasskeysService,
  ) {}

  /** Open flows of every kind waiting for the device's NIN, newest first by creation. */
  private async inbox(device: Device): Promise<HolderFlowView[]> {
    const entries = (await Promise.all(this.kinds.all().map((kind) => kind.inbox(device)))).flat();
    // Documents live for days, so their expiry says nothing of their age: creation orders the kinds together.
    return entries.sort((a, b) => b.createdAt - a.createdAt).map(({ view }) => view);
  }

  /** The inbox and the device's passkey state: a revoked passkey is offered to be registered again. */
  async inboxView(device: Device): Promise<InboxView> {
    const [flows, passkey] = await Promise.all([this.inbox(device), this.passkeys.stateOf(device)]);
    return { flows, passkey };
  }

  /**
   * What the person approved and declined through any of their devices, the latest first: when, to which app, and
   * which claims were released (their keys, never their values).
   */
  async history(device: Device): Promise<HistoryEntry[]> {
    const answered = await this.flows.answeredBy(device, HISTORY_LENGTH);
    return answered.map((flow) => ({
      flowId: flow.id,
      mode: flow.kind,
      action: flow.action,
      app: flow.appName,
      status: flow.status as HistoryEntry['status'],
      answeredAt: Math.floor(flow.updatedAt / 1000),
      releasedClaims: flow.status === 'completed' ? releasedKeys(flow) : [],
      byThisDevice: flow.deviceId === device.id,
    }));
  }

  /** A same-device link code or a wildcard seed: the first device to present one owns the flow. */
  async pickUpByCode(device: Device, code: string): Promise<HolderFlowView> {
    const flow = await this.flows.findByCode(code);
    if (flow.environment !== device.environment) throw new FlowNotFoundError();
    return this.pickUp(device, flow);
  }

  /** Takes hold of the flow for this device; picking up a flow this device already holds is a no-op. */
  pickUp(device: Device, flow: Flow): Promise<HolderFlowView> {
    return this.kinds.of(flow.kind).pickUp(device, flow);
  }

  /** Accepts a flow pushed to the device's NIN. */
  async accept(device: Device, flowId: string): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    return this.kinds.of(flow.kind).accept(device, flow);
  }

  /** Reads a flow; a document signee reading the document is marked `viewed`. */
  async read(device: Device, flowId: string): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    return this.kinds.of(flow.kind).read(device, flow);
  }

  /**
   * Approves with the holder's consent: the claims to release, or the device's signature over the challenge. A device
   * with a passkey also sends a fresh assertion made for this flow, checked (and spent) before anything changes.
   */
  async approve(
    device: Device,
    flowId: string,
    consent: Consent,
    ip = 'unknown',
    passkey?: AuthenticationResponseJSON,
  ): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    await this.passkeys.checkApproval(device, flow.id, passkey);
    return this.kinds.of(flow.kind).approve(device, flow, consent, ip);
  }

  /** WebAuthn options whose challenge the device's passkey answers to approve this flow, and no other. */
  async passkeyChallenge(device: Device, flowId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const flow = await this.flows.find(flowId);
    return this.passkeys.assertionOptions(device, flow.id);
  }

  async decline(device: Device, flowId: string, ip = 'unknown', reason?: string): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    return this.kinds.of(flow.kind).decline(device, flow, ip, reason);
  }

  /** Refuses, with 400 and before anything about the flow changes, a consent the flow cannot take. */
  checkConsent(flow: Flow, consent: Consent): void {
    this.kinds.of(flow.kind).checkConsent?.(flow, consent);
  }

  /** A change published on the flow event bus as this device sees it, or null when it is not this device's news. */
  viewOfChange(event: FlowChangedEvent, device: Device): Promise<HolderFlowView | null> {
    return this.kinds.of(event.kind).viewOfChange(event, device);
  }

  /** Asks the holder with this NIN to act on the flow, as the hosted page would (a review signee's push). */
  async summon(flow: Flow, nin: string): Promise<void> {
    await this.kinds.of(flow.kind).summon?.(flow, nin);
  }

  /** Why the holder who acts on this flow must be named, or undefined when its target will do. */
  namedHolderReason(flow: Flow): string | undefined {
    return this.kinds.of(flow.kind).namedHolderReason;
  }
}

/** The requested claim keys (`group.name`) whose values the flow released, in the order they were asked. */
function releasedKeys(flow: Flow): string[] {
  const released = (flow.claims ?? {}) as Record<string, Record<string, unknown> | undefined>;
  return flow.requestedClaims.filter((key) => {
    const [group, name] = key.split('.');
    return released[group]?.[name] !== undefined;
  });
}
