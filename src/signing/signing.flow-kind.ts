import { Injectable, OnModuleInit } from '@nestjs/common';
import { FlowPresenter } from '../flows/flow.presenter';
import type { FlowView } from '../flows/flow-view';
import type { Flow } from '../flows/flow.entity';
import type { FlowChanges } from '../flows/flows.service';
import { FlowsService } from '../flows/flows.service';
import type { Consent } from '../flows/kinds/consent';
import type { FlowHolder } from '../flows/kinds/flow-holder';
import { FlowKindRegistry } from '../flows/kinds/flow-kind.registry';
import { HeldFlowKind } from '../flows/kinds/held-flow-kind';
import type { HolderFlowView } from '../flows/kinds/holder-flow-view';
import { missingConsent } from '../flows/kinds/missing-consent';
import { SignatureReceiptsService } from '../signatures/signature-receipts.service';
import { challengeFor } from '../signatures/signing-challenge';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';

/**
 * A signing flow on the holder's side: the device sees the challenge over the payload, and approving is its signature
 * over it, verified and receipted by the service. A wallet flow is approved by the wallet verifier instead.
 */
@Injectable()
export class SigningFlowKind extends HeldFlowKind<'signing'> implements OnModuleInit {
  constructor(
    flows: FlowsService,
    presenter: FlowPresenter,
    private readonly registry: FlowKindRegistry,
    private readonly receipts: SignatureReceiptsService,
    private readonly wallet: WalletVerifierService,
  ) {
    super('signing', flows, presenter);
  }

  onModuleInit(): void {
    this.registry.register('signing', this);
  }

  /** A wallet flow shows the intended use it was asked under and, refused, why, beside the engine's fields. */
  override present(flow: Flow): Promise<FlowView> {
    return this.wallet.withWalletFields(flow, this.observed(flow));
  }

  /** A wallet flow's request object and response key go with it. */
  purge(flowIds: string[]): Promise<void> {
    return this.wallet.purge(flowIds);
  }

  protected override extend(view: Omit<HolderFlowView, 'challenge'>): HolderFlowView {
    return { ...view, challenge: challengeFor(view.id, view.payload) };
  }

  /** The service's receipt for the holder's signature, and when they signed. */
  protected outcome(flow: Flow): Partial<FlowView> {
    if (!flow.signature) return {};
    return { signature: flow.signature, signedAt: Math.floor((flow.signedAt ?? flow.updatedAt) / 1000) };
  }

  protected async approval(flow: Flow, holder: FlowHolder, consent: Consent): Promise<FlowChanges> {
    if (!consent.signature) throw missingConsent('signature');
    const { receipt, signedAt } = await this.receipts.verifyAndReceipt(
      holder,
      challengeFor(flow.id, flow.payload),
      consent.signature,
    );
    return { signature: receipt, signedAt };
  }
}
