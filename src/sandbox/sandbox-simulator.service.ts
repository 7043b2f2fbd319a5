import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import type { Device } from '../devices/device.entity';
import { FlowPresenter } from '../flows/flow.presenter';
import type { ObservedView } from '../flows/flow-view';
import type { Flow } from '../flows/flow.entity';
import { APP_SCHEME } from '../flows/deep-link';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import { FlowsService } from '../flows/flows.service';
import { isQrFrameUri } from '../flows/qr-frame';
import { verificationCodeOf } from '../flows/verification-code';
import { HolderService } from '../wallet/holder.service';
import type { SandboxCredential } from '../eudi/sandbox-credentials';
import type { SandboxPidStatus } from '../eudi/sandbox-status-list';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';
import { WalletErasuresService } from '../eudi/wallet-erasures.service';
import { type WalletErasureView, walletErasureView } from '../eudi/wallet-erasure-view';
import { PersonsService } from '../persons/persons.service';
import { TEST_PERSONS_WITH_DIGITAL_ID } from './test-persons';
import { VirtualHolderService } from './virtual-holder.service';

/** The code a phone reads off what it scanned: a link's last segment, a flow URI's code or seed, or the QR frame. */
function codeIn(scanned: string): string {
  if (isQrFrameUri(scanned)) return scanned;
  try {
    const url = new URL(scanned);
    if (url.protocol === `${APP_SCHEME}:`) return url.searchParams.get('seed') ?? url.searchParams.get('code') ?? '';
    return url.pathname.split('/').pop() ?? '';
  } catch {
    return scanned;
  }
}

/**
 * Acts as the virtual device of a synthetic test person, through the same HolderService as the Wallet API: what the
 * simulator can do, a real phone can do, and the other way round. Same-device and wildcard flows are picked up first.
 */
/** The key is known, so the caller is; a production app simply has no test persons to simulate. */
export const LIVE_KEY_REFUSED =
  'The sandbox simulator serves sandbox apps only: this bk-live_ key belongs to a production app; use a bk-test_ key';

@Injectable()
export class SandboxSimulatorService {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly holder: HolderService,
    private readonly virtualHolder: VirtualHolderService,
    private readonly walletVerifier: WalletVerifierService,
    private readonly persons: PersonsService,
    private readonly walletErasures: WalletErasuresService,
  ) {}

  /**
   * Answers a wallet flow as the test person's EU wallet would: a PID of their claims from the sandbox PID issuer,
   * presented to the same verifier a real wallet reaches (a refusal is told as it would be to that wallet).
   */
  async present(
    principal: Principal,
    flowId: string,
    nin?: string,
    format?: SandboxCredential,
    status?: SandboxPidStatus,
  ): Promise<ObservedView> {
    const flow = await this.walletFlow(
      principal,
      flowId,
      'Only wallet flows (identification or signing) are presented to; use scan or approve',
    );
    // A request addressed to a NIN (a document signee's) is answered by that person's wallet unless another is named.
    const holderNin = nin ?? flow.targetNin ?? TEST_PERSONS_WITH_DIGITAL_ID[0];
    const person = (await this.virtualHolder.isTestPerson(holderNin))
      ? await this.persons.find('sandbox', holderNin)
      : null;
    if (!person) {
      throw new RequestValidationError([
        { code: 'custom', path: ['nin'], message: 'nin must be a synthetic test person with a digital ID' },
      ]);
    }
    await this.walletVerifier.presentAsSandboxWallet(flow, { nin: holderNin, claims: person.claims }, format, status);
    return this.current(flow);
  }

  /**
   * Asks, as the sandbox wallet that presented to a wallet flow, for what it released to be erased: the request a
   * real wallet sends, signed with the key the sandbox wallet bound its PID to, to the same endpoint code.
   */
  async requestErasure(
    principal: Principal,
    flowId: string,
  ): Promise<{ request: ObservedView; erasure: WalletErasureView; repeated: boolean }> {
    const flow = await this.walletFlow(principal, flowId, 'Only wallet identifications are erased by their wallet');
    const { erasure, repeated } = await this.walletErasures.requestAsSandboxWallet(flow);
    return { request: await this.current(flow), erasure: walletErasureView(erasure), repeated };
  }

  async pickUp(principal: Principal, flowId: string, nin?: string): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    if (flow.startMode === 'different-device') await this.holder.accept(device, flow.id);
    else await this.holder.pickUp(device, flow);
    return this.current(flow);
  }

  /**
   * Picks up what a phone scanned or opened: a same-device link (its URL or code), a seed URI or an animated QR frame,
   * checked as the Wallet API checks them; then the test person's virtual device holds the flow.
   */
  async scan(principal: Principal, scanned: string, nin?: string): Promise<ObservedView> {
    if (principal.app.environment !== 'sandbox') throw new ForbiddenError(LIVE_KEY_REFUSED);
    const flow = await this.flows.findByCode(codeIn(scanned));
    if (flow.appId !== principal.app.id) throw new FlowNotFoundError();
    return this.pickUp(principal, flow.id, nin);
  }

  async approve(
    principal: Principal,
    flowId: string,
    nin?: string,
    claims?: string[],
    ip?: string,
  ): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    // The test person picks the code the integrator's screen shows, as a careful person would.
    const consent = { claims: claims ?? flow.requestedClaims, verificationCode: verificationCodeOf(flow) };
    // Checked before the pick-up, so a refused approval leaves the flow as it was.
    this.holder.checkConsent(flow, consent);
    if (flow.startMode !== 'different-device') await this.holder.pickUp(device, flow);
    await this.virtualHolder.approve(device, flow.id, consent, ip);
    return this.current(flow);
  }

  async reject(
    principal: Principal,
    flowId: string,
    nin?: string,
    ip?: string,
    reason?: string,
  ): Promise<ObservedView> {
    const { flow, device } = await this.actor(principal, flowId, nin);
    if (flow.startMode !== 'different-device') await this.holder.pickUp(device, flow);
    await this.holder.decline(device, flow.id, ip, reason);
    return this.current(flow);
  }

  /** The flow (of this sandbox app) and the virtual device of the test person who acts on it. */
  private async actor(principal: Principal, flowId: string, nin?: string): Promise<{ flow: Flow; device: Device }> {
    if (principal.app.environment !== 'sandbox') throw new ForbiddenError(LIVE_KEY_REFUSED);
    const flow = await this.flows.findForApp(flowId, principal.app.id);
    const namedHolderReason = this.holder.namedHolderReason(flow);
    if (namedHolderReason && !nin) {
      throw new RequestValidationError([{ code: 'invalid_type', path: ['nin'], message: namedHolderReason }]);
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
    // Whoever the hosted page would have to ask to act (a review signee) is asked, as the page would.
    await this.holder.summon(flow, holderNin);
    return { flow, device: await this.virtualHolder.deviceOf(holderNin) };
  }

  /** A wallet flow of this sandbox app, which the sandbox wallet acts on; any other flow is a 400 saying `refusal`. */
  private async walletFlow(principal: Principal, flowId: string, refusal: string): Promise<Flow> {
    if (principal.app.environment !== 'sandbox') throw new ForbiddenError(LIVE_KEY_REFUSED);
    const flow = await this.flows.findForApp(flowId, principal.app.id);
    if (flow.startMode !== 'wallet') {
      throw new RequestValidationError([{ code: 'custom', path: [], message: refusal }]);
    }
    return flow;
  }

  private async current(flow: Flow): Promise<ObservedView> {
    return this.presenter.present(await this.flows.find(flow.id));
  }
}
