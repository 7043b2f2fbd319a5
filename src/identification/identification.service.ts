import type { VerificationMode } from '../flows/verification-mode';
import type { QrStart } from '../flows/qr-frame';
import { Injectable } from '@nestjs/common';
import { AccessTokenService } from '../auth/access-token.service';
import type { Principal } from '../auth/principal';
import { ClaimKey, scopeRequiredFor } from '../claims/claim-catalog';
import type { ClientContext } from '../common/client-ip/client-context';
import { ForbiddenError } from '../common/errors/forbidden.error';
import type { StartMode } from '../flows/flow-kind';
import { FlowPresenter } from '../flows/flow.presenter';
import type { FlowRequestObject } from '../flows/flow-view';
import { FlowsService } from '../flows/flows.service';
import type { NewFlow } from '../flows/new-flow';
import { UnitOfWork } from '../platform/unit-of-work';
import { DevicesService } from '../devices/devices.service';
import type { WalletAsk } from '../eudi/wallet-ask';
import type { WalletPresentationRequest } from '../eudi/wallet-presentation-request';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';
import { IntendedUsesService } from '../eudi/intended-uses.service';
import { RegistrationCertificateService } from '../eudi/registration-certificate.service';
import { NoDigitalIdError } from '../devices/errors/no-digital-id.error';
import { requireProvisionedScope } from '../tenants/provisioned-scope';
import { WebhooksService } from '../webhooks/webhooks.service';
import { IDENTIFICATION_SCOPES } from './identification-scopes';

export interface IdentificationRequest {
  action: string;
  claims: string[];
  payload: string;
  /** Different-device: the NIN to ask. */
  user?: string;
  /**
   * Different-device: a NIN without a digital ID gets a flow like any other, pushed to no device, that ends at its
   * expiry, rather than a 400; for a caller anyone may drive (a login page), whose answer must not tell whether a NIN
   * has a digital ID.
   */
  concealDigitalId?: boolean;
  /** Wildcard: how many QR seeds to make. */
  seeds?: number;
  /** Different-device: how the verification code is checked (display by default). */
  verification?: VerificationMode;
  /** Overrides FLOW_TTL_SECONDS, for a flow that must end sooner (an OIDC login's, before its page does). */
  ttlSeconds?: number;
  /** Wallet: the integrator's page origin, for a Digital Credentials API request. */
  origin?: string;
  /** Wallet: why the verifier asks, shown to the person by their wallet. */
  purpose?: string;
  /** Wallet: which of the app's registered intended uses the request is made under. */
  intendedUse?: string;
  /** Wallet: where the outcome is reported. */
  webhook?: { host: string; reference: string };
}

export interface IdentificationCreated {
  request: FlowRequestObject;
  /** Same-device: the page that hands the flow to the app on this device. */
  link?: string;
  /** Wildcard: custom-scheme URIs to show as QR codes; the first one scanned wins. */
  seeds?: string[];
  /**
   * Wildcard and same-device: the animated QR code. Keep `startSecret` on your backend (never in a browser or app) and
   * draw `idflow://qr?token=<startToken>&time=<t>&code=<hex HMAC-SHA256 of t under startSecret>` every second.
   */
  qr?: QrStart;
  /** Different-device: an access token, also sent in the x-access-token header (spec 4.2 rule 1). */
  token?: string;
  /** Different-device: four digits to show beside "check the code in your app"; the app shows the same ones. */
  verificationCode?: string;
  /** Wallet: how the person's EU Digital Identity Wallet is reached (docs/eudi-wallet.md). */
  presentation?: WalletPresentationRequest;
}

/** Starts identification flows in the three start modes of spec section 1, and with an EU wallet. */
@Injectable()
export class IdentificationService {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly devices: DevicesService,
    private readonly tokens: AccessTokenService,
    private readonly wallet: WalletVerifierService,
    private readonly intendedUses: IntendedUsesService,
    private readonly registration: RegistrationCertificateService,
    private readonly webhooks: WebhooksService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async start(
    principal: Principal,
    startMode: StartMode,
    request: IdentificationRequest,
    client: ClientContext,
  ): Promise<IdentificationCreated> {
    // The route's guard has refused already for a REST create; an OIDC login comes here without one.
    requireProvisionedScope(principal.app, IDENTIFICATION_SCOPES[startMode]);
    const claims = [...new Set(request.claims)];
    this.refuseUnprovisionedClaims(principal, claims);
    if (request.webhook) await this.webhooks.checkUrl(request.webhook.host);
    const ask = startMode === 'wallet' ? await this.walletAsk(principal, claims, request) : undefined;
    const writePresentation = ask && (await this.wallet.presentationWriter(request.origin, ask));
    let presentation: WalletPresentationRequest | undefined;
    if (startMode === 'different-device' && !request.concealDigitalId) {
      const hasDigitalId = await this.devices.hasDigitalId(request.user as string, principal.app.environment);
      if (!hasDigitalId) throw new NoDigitalIdError();
    }
    const newFlow: NewFlow = {
      kind: 'identification',
      startMode,
      action: request.action,
      principal,
      payload: request.payload,
      requestedClaims: claims,
      targetNin: startMode === 'different-device' ? request.user : undefined,
      webhook: request.webhook && { url: request.webhook.host, reference: request.webhook.reference },
      ip: client.ip,
      userAgent: client.userAgent,
      seeds: request.seeds,
      verification: request.verification,
      ttlSeconds: request.ttlSeconds,
      intendedUse: ask?.intendedUse,
    };
    // A wallet flow and its presentation request are written together, or not at all.
    const { flow, link, seeds, qr, verificationCode } = writePresentation
      ? await this.unitOfWork.run(async () => {
          const created = await this.flows.create(newFlow);
          presentation = await writePresentation(created.flow);
          return created;
        })
      : await this.flows.create(newFlow);
    const result: IdentificationCreated = {
      request: this.presenter.requestObject(flow),
      link,
      seeds,
      qr,
      verificationCode,
      presentation,
    };
    if (startMode === 'different-device') result.token = (await this.tokens.issue(principal)).token;
    return result;
  }

  /**
   * What a wallet flow's request asks: claims a PID proves, within the app's registered intended use, with the
   * operator's registration certificate.
   */
  private async walletAsk(principal: Principal, claims: string[], request: IdentificationRequest): Promise<WalletAsk> {
    this.wallet.checkProvable(claims);
    const ask = await this.intendedUses.askOf(principal.app, claims, request);
    return { ...ask, verifierInfo: this.registration.verifierInfo() };
  }

  /** Medical and education claims need an app provisioned for them (spec 2.8). */
  private refuseUnprovisionedClaims(principal: Principal, claims: string[]): void {
    for (const claim of claims) {
      const scope = scopeRequiredFor(claim as ClaimKey);
      if (scope && !principal.app.scopes.includes(scope)) {
        throw new ForbiddenError(`This app is not provisioned for ${claim}; contact support to enable ${scope}`);
      }
    }
  }
}
