import { Injectable, OnModuleInit } from '@nestjs/common';
import { ClaimReleaseService } from '../claims/claim-release.service';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { FlowPresenter } from '../flows/flow.presenter';
import type { FlowView } from '../flows/flow-view';
import type { Flow } from '../flows/flow.entity';
import type { FlowChanges } from '../flows/flows.service';
import { FlowsService } from '../flows/flows.service';
import type { Consent } from '../flows/kinds/consent';
import type { FlowHolder } from '../flows/kinds/flow-holder';
import { FlowKindRegistry } from '../flows/kinds/flow-kind.registry';
import { HeldFlowKind } from '../flows/kinds/held-flow-kind';
import { missingConsent } from '../flows/kinds/missing-consent';
import { PersonsService } from '../persons/persons.service';
import { ServiceKeyService } from '../service-key/service-key.service';
import { TenantsService } from '../tenants/tenants.service';

/** An identification flow on the holder's side: approving releases the consented claims, encrypted for the app. */
@Injectable()
export class IdentificationFlowKind extends HeldFlowKind<'identification'> implements OnModuleInit {
  constructor(
    flows: FlowsService,
    presenter: FlowPresenter,
    private readonly serviceKey: ServiceKeyService,
    private readonly registry: FlowKindRegistry,
    private readonly persons: PersonsService,
    private readonly tenants: TenantsService,
    private readonly claimRelease: ClaimReleaseService,
    private readonly wallet: WalletVerifierService,
  ) {
    super('identification', flows, presenter);
  }

  onModuleInit(): void {
    this.registry.register('identification', this);
  }

  /** A wallet flow shows the intended use it was asked under and, refused, why, beside the engine's fields. */
  override present(flow: Flow): Promise<FlowView> {
    return this.wallet.withWalletFields(flow, this.observed(flow));
  }

  /** A wallet flow's request object and response key go with it. */
  purge(flowIds: string[]): Promise<void> {
    return this.wallet.purge(flowIds);
  }

  /** Consent may only cover claims the flow asks for; refused with 400 before anything about the flow changes. */
  checkConsent(flow: Flow, consent: Consent): void {
    const issues = (consent.claims ?? [])
      .map((claim, index) => ({ claim, index }))
      .filter(({ claim }) => !flow.requestedClaims.includes(claim))
      .map(({ claim, index }) => ({
        code: 'custom' as const,
        path: ['claims', index],
        message: `${claim} was not requested by this flow`,
      }));
    if (issues.length > 0) throw new RequestValidationError(issues, 'Consent may only cover requested claims');
  }

  /** The claims released, each a JWE for the app's key, and a stable pseudonym of the holder within the app. */
  protected outcome(flow: Flow): Partial<FlowView> {
    if (!flow.holderNin) return {};
    return { claims: flow.claims ?? {}, subject: this.serviceKey.pseudonym(flow.appId, flow.holderNin) };
  }

  protected async approval(flow: Flow, holder: FlowHolder, consent: Consent): Promise<FlowChanges> {
    if (!consent.claims) throw missingConsent('claims');
    this.checkConsent(flow, consent);
    const person = await this.persons.find(holder.environment, holder.nin);
    const app = await this.tenants.findApp(flow.appId);
    return { claims: await this.claimRelease.release(person?.claims ?? {}, consent.claims, app.publicKeyPem) };
  }
}
