import { Injectable } from '@nestjs/common';
import { ClaimReleaseService } from '../claims/claim-release.service';
import { DocumentSigningService } from '../documents/document-signing.service';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { FlowAlreadyTerminalError } from '../flows/errors/flow-already-terminal.error';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import type { FlowChangedEvent } from '../flows/events/flow-changed.event';
import { FlowTakenError } from '../flows/errors/flow-taken.error';
import { isTerminal } from '../flows/flow-state';
import type { Flow } from '../flows/flow.entity';
import type { FlowChanges } from '../flows/flows.service';
import { FlowsService } from '../flows/flows.service';
import { PersonsService } from '../persons/persons.service';
import { SignatureReceiptsService } from '../signatures/signature-receipts.service';
import { challengeFor } from '../signatures/signing-challenge';
import { TenantsService } from '../tenants/tenants.service';
import type { Device } from '../devices/device.entity';
import type { Consent } from './consent';
import { HolderFlowView, holderFlowView } from './holder-flow-view';

/**
 * What a holder does with a flow through one of their devices: pick it up, read it, approve with consent, decline.
 * The Wallet API and the sandbox simulator both act through this service, so they cannot behave differently.
 */
@Injectable()
export class HolderService {
  constructor(
    private readonly flows: FlowsService,
    private readonly persons: PersonsService,
    private readonly tenants: TenantsService,
    private readonly claimRelease: ClaimReleaseService,
    private readonly receipts: SignatureReceiptsService,
    private readonly documents: DocumentSigningService,
  ) {}

  /**
   * Open different-device flows addressed to the device's NIN. Same-device signing flows name a NIN too, but they are
   * not pushed: the holder picks them up through the link, and `accept` refuses them.
   */
  async inbox(device: Device): Promise<HolderFlowView[]> {
    const flows = await this.flows.pushedFlowsFor(device.nin, device.environment, device.id);
    const documents = await this.documents.inbox(device);
    // Newest first across both, by creation: documents live for days, so their expiry says nothing of their age.
    return [
      ...flows.map((flow) => ({ createdAt: flow.createdAt, view: this.view(flow, device) })),
      ...documents.map((loaded) => ({
        createdAt: loaded.flow.createdAt,
        view: this.documents.holderView(loaded, device.nin),
      })),
    ]
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(({ view }) => view);
  }

  /** A same-device link code or a wildcard seed: the first device to present one owns the flow. */
  async pickUpByCode(device: Device, code: string): Promise<HolderFlowView> {
    const flow = await this.flows.findByCode(code);
    if (flow.environment !== device.environment) throw new FlowNotFoundError();
    return this.view(await this.pickUp(device, flow), device);
  }

  /** Accepts a different-device flow pushed to the device's NIN. */
  async accept(device: Device, flowId: string): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    // Nobody holds a document: accepting one is reading it.
    if (flow.kind === 'document') return this.read(device, flowId);
    this.checkVisible(device, flow);
    return this.view(await this.pickUp(device, flow), device);
  }

  /** Takes hold of the flow for this device; picking up a flow this device already holds is a no-op. */
  async pickUp(device: Device, flow: Flow): Promise<Flow> {
    if (flow.kind === 'document') throw new FlowNotFoundError();
    if (flow.deviceId === device.id && !isTerminal(flow.status)) return flow;
    // A flow addressed to a NIN (different-device, or signing in any mode but wildcard) is that person's alone.
    if (flow.targetNin !== null && flow.targetNin !== device.nin) throw new FlowNotFoundError();
    this.refuseIfEnded(flow);
    const moved = await this.flows.move(flow, 'claim', { deviceId: device.id });
    if (moved) return moved;
    throw this.lostRace(await this.flows.find(flow.id));
  }

  /** Reads a flow; a document signee reading the document is marked `viewed`. */
  async read(device: Device, flowId: string): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    if (flow.kind === 'document') return this.documents.holderView(await this.documents.read(device, flow), device.nin);
    return this.view(this.checkVisible(device, flow), device);
  }

  /** A document as this device's holder sees it, without marking it viewed. */
  async documentView(device: Device, flowId: string): Promise<HolderFlowView> {
    const loaded = await this.documents.visible(device, await this.flows.find(flowId));
    return this.documents.holderView(loaded, device.nin);
  }

  /**
   * Approves: an identification with the claims the holder consents to release (a subset of what the flow asks for),
   * a signing flow with the device's signature over the flow's challenge.
   */
  async approve(device: Device, flowId: string, consent: Consent, ip = 'unknown'): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    if (flow.kind === 'document') {
      if (!consent.signature) throw this.missing('signature', 'signature is required');
      const signed = await this.documents.sign(device, flowId, consent.signature, ip);
      return this.documents.holderView(signed, device.nin);
    }
    this.checkVisible(device, flow);
    this.refuseIfEnded(flow);
    const changes =
      flow.kind === 'signing' ? await this.signed(flow, device, consent) : await this.released(flow, device, consent);
    const moved = await this.flows.move(
      flow,
      'approve',
      { deviceId: device.id, holderNin: device.nin, ...changes },
      { heldByNoneOr: device.id },
    );
    if (moved) return this.view(moved, device);
    throw this.lostRace(await this.flows.find(flow.id));
  }

  private async released(flow: Flow, device: Device, consent: Consent): Promise<FlowChanges> {
    if (!consent.claims) throw this.missing('claims', 'claims is required');
    this.checkConsent(flow, consent.claims);
    const person = await this.persons.find(device.environment, device.nin);
    const app = await this.tenants.findApp(flow.appId);
    return { claims: await this.claimRelease.release(person?.claims ?? {}, consent.claims, app.publicKeyPem) };
  }

  private async signed(flow: Flow, device: Device, consent: Consent): Promise<FlowChanges> {
    if (!consent.signature) throw this.missing('signature', 'signature is required');
    const { receipt, signedAt } = await this.receipts.verifyAndReceipt(
      device,
      challengeFor(flow.id, flow.payload),
      consent.signature,
    );
    return { signature: receipt, signedAt };
  }

  private missing(field: string, message: string): RequestValidationError {
    return new RequestValidationError([{ code: 'invalid_type', path: [field], message }]);
  }

  async decline(device: Device, flowId: string, ip = 'unknown'): Promise<HolderFlowView> {
    const flow = await this.flows.find(flowId);
    if (flow.kind === 'document')
      return this.documents.holderView(await this.documents.decline(device, flowId, ip), device.nin);
    this.checkVisible(device, flow);
    this.refuseIfEnded(flow);
    const moved = await this.flows.move(
      flow,
      'decline',
      { deviceId: device.id, holderNin: device.nin },
      { heldByNoneOr: device.id },
    );
    if (moved) return this.view(moved, device);
    throw this.lostRace(await this.flows.find(flow.id));
  }

  /**
   * A device sees a different-device flow addressed to its NIN (even once another of the holder's devices holds it, so
   * that device is told 409 rather than a timing-dependent 404), and a same-device or wildcard flow once it holds it.
   * Everything else is reported as unknown.
   */
  private checkVisible(device: Device, flow: Flow): Flow {
    const sameEnvironment = flow.environment === device.environment;
    const addressed = flow.startMode === 'different-device' && flow.targetNin === device.nin;
    const heldByThis = flow.deviceId === device.id;
    if (!sameEnvironment || !(addressed || heldByThis)) throw new FlowNotFoundError();
    return flow;
  }

  /** Consent may only cover claims the flow asks for; refused with 400 before anything about the flow changes. */
  checkConsent(flow: Flow, consented: readonly string[]): void {
    const issues = consented
      .map((claim, index) => ({ claim, index }))
      .filter(({ claim }) => !flow.requestedClaims.includes(claim))
      .map(({ claim, index }) => ({
        code: 'custom' as const,
        path: ['claims', index],
        message: `${claim} was not requested by this flow`,
      }));
    if (issues.length > 0) throw new RequestValidationError(issues, 'Consent may only cover requested claims');
  }

  private refuseIfEnded(flow: Flow): void {
    if (isTerminal(flow.status)) throw new FlowAlreadyTerminalError(flow.status);
  }

  private lostRace(current: Flow): Error {
    return isTerminal(current.status) ? new FlowAlreadyTerminalError(current.status) : new FlowTakenError();
  }

  /** A change published on the flow event bus, as this device sees it. */
  viewOfChange(event: FlowChangedEvent & { kind: 'identification' | 'signing' }, device: Device): HolderFlowView {
    const { view } = event;
    return holderFlowView({
      id: view.id,
      mode: view.mode,
      startMode: view.startMode,
      action: view.action,
      app: view.name,
      payload: view.payload,
      requestedClaims: view.acquireClaims,
      status: view.status,
      held: event.deviceId === device.id,
      exp: view.exp,
    });
  }

  private view(flow: Flow, device: Device): HolderFlowView {
    return holderFlowView({
      id: flow.id,
      mode: flow.kind,
      startMode: flow.startMode,
      action: flow.action,
      app: flow.appName,
      payload: flow.payload,
      requestedClaims: flow.requestedClaims,
      status: flow.status,
      held: flow.deviceId === device.id,
      exp: Math.floor(flow.expiresAt / 1000),
    });
  }
}
