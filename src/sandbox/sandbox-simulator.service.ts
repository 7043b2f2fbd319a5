import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { DocumentSigningService } from '../documents/document-signing.service';
import { FlowPresenter } from '../flows/flow-presenter';
import type { ObservedView } from '../flows/flow-view';
import { challengeFor } from '../signatures/signing-challenge';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import type { Device } from '../devices/device.entity';
import { HolderService } from '../wallet/holder.service';
import { TEST_PERSONS_WITH_DIGITAL_ID } from './test-persons';
import { VirtualDeviceSigner } from './virtual-device-signer';
import { VirtualHolderService } from './virtual-holder.service';

/**
 * Acts as the virtual device of a synthetic test person, through the same HolderService as the Wallet API: what the
 * simulator can do, a real phone can do, and the other way round. Same-device and wildcard flows are picked up first.
 */
@Injectable()
export class SandboxSimulatorService {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly holder: HolderService,
    private readonly signer: VirtualDeviceSigner,
    private readonly virtualHolder: VirtualHolderService,
    private readonly documents: DocumentSigningService,
  ) {}

  async pickUp(principal: Principal, flowId: string, nin?: string): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    if (flow.startMode === 'different-device') await this.holder.accept(device, flow.id);
    else await this.holder.pickUp(device, flow);
    return this.current(flow);
  }

  async approve(
    principal: Principal,
    flowId: string,
    nin?: string,
    claims?: string[],
    ip?: string,
  ): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    if (flow.kind === 'document') {
      await this.virtualHolder.signDocument(device, flow.id, ip);
      return this.current(flow);
    }
    if (flow.kind === 'signing') {
      if (flow.startMode !== 'different-device') await this.holder.pickUp(device, flow);
      await this.holder.approve(device, flow.id, {
        signature: await this.signer.sign(device, challengeFor(flow.id, flow.payload)),
      });
      return this.current(flow);
    }
    const consented = claims ?? flow.requestedClaims;
    // Checked before the pick-up, so a refused approval leaves the flow as it was.
    this.holder.checkConsent(flow, consented);
    if (flow.startMode !== 'different-device') await this.holder.pickUp(device, flow);
    await this.holder.approve(device, flow.id, { claims: consented });
    return this.current(flow);
  }

  async reject(principal: Principal, flowId: string, nin?: string, ip?: string): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    if (flow.startMode !== 'different-device') await this.holder.pickUp(device, flow);
    await this.holder.decline(device, flow.id, ip);
    return this.current(flow);
  }

  /** The flow (of this sandbox app) and the virtual device of the test person who acts on it. */
  private async actor(principal: Principal, flowId: string, nin?: string): Promise<{ flow: Flow; device: Device }> {
    if (principal.app.environment !== 'sandbox')
      throw new NotFoundError('The sandbox simulator serves sandbox apps only');
    const flow = await this.flows.findForApp(flowId, principal.app.id);
    if (flow.kind === 'document' && !nin) {
      throw new RequestValidationError([
        { code: 'invalid_type', path: ['nin'], message: 'nin is required for a document: the signee who acts' },
      ]);
    }
    const holderNin = nin ?? flow.targetNin ?? TEST_PERSONS_WITH_DIGITAL_ID[0];
    if (!(await this.virtualHolder.isTestPerson(holderNin))) {
      throw new RequestValidationError([
        { code: 'custom', path: ['nin'], message: 'nin must be a synthetic test person with a digital ID' },
      ]);
    }
    // A different-device flow is for its target alone, as on a real phone.
    if (flow.targetNin !== null && holderNin !== flow.targetNin) {
      throw new RequestValidationError([
        { code: 'custom', path: ['nin'], message: 'nin must be the NIN the flow is addressed to' },
      ]);
    }
    // A review signee is pushed the document when they ask for it on the hosted page; the simulator asks for them.
    if (flow.kind === 'document') await this.documents.notify(flow, holderNin);
    return { flow, device: await this.virtualHolder.deviceOf(holderNin) };
  }

  private async current(flow: Flow): Promise<ObservedView> {
    return this.presenter.present(await this.flows.find(flow.id));
  }
}
