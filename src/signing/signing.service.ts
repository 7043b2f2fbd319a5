import type { VerificationMode } from '../flows/verification-mode';
import type { QrStart } from '../flows/qr-frame';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { RequestValidationError } from '../common/errors/request-validation.error';
import type { StartMode } from '../flows/flow-kind';
import { FlowPresenter } from '../flows/flow.presenter';
import type { FlowRequestObject } from '../flows/flow-view';
import { FlowsService } from '../flows/flows.service';
import { DevicesService } from '../devices/devices.service';
import { NoDigitalIdError } from '../devices/errors/no-digital-id.error';
import { WebhooksService } from '../webhooks/webhooks.service';
import { IntendedUsesService } from '../eudi/intended-uses.service';
import { RegistrationCertificateService } from '../eudi/registration-certificate.service';
import { CONFIRMATION_TYPE, PAYMENT_TYPE, type Payment, type WalletTransaction } from '../eudi/transaction-data';
import type { WalletPresentationRequest } from '../eudi/wallet-presentation-request';
import { WalletVerifierService } from '../eudi/wallet-verifier.service';
import type { NewFlow } from '../flows/new-flow';
import { UnitOfWork } from '../platform/unit-of-work';
import type { SigningWebhookDto } from '../webhooks/signing-webhook.dto';
import type { SigningAction } from './signing-fields';
import { sdJwtAsk } from './sd-jwt-ask';

export interface SigningRequest {
  action: SigningAction;
  payload: string;
  webhook?: SigningWebhookDto;
  /** Same-device and different-device: the signer's NIN. */
  nin?: string;
  /** Wildcard: how many QR seeds to make. */
  seeds?: number;
  /** Different-device: how the verification code is checked (display by default). */
  verification?: VerificationMode;
  /** Wallet: a payment the person approves, shown by their wallet; else the payload is the action confirmed. */
  payment?: Payment;
  /** Wallet: the integrator's page origin, for a Digital Credentials API request. */
  origin?: string;
  /** Wallet: which of the app's registered intended uses the request is made under. */
  intendedUse?: string;
}

export interface SigningCreated {
  request: FlowRequestObject;
  /** Same-device: the page that hands the flow to the signer's app on this device. */
  link?: string;
  /** Wildcard: custom-scheme URIs to show as QR codes; the first one scanned wins. */
  seeds?: string[];
  /**
   * Wildcard and same-device: the animated QR code. Keep `startSecret` on your backend (never in a browser or app) and
   * draw `idflow://qr?token=<startToken>&time=<t>&code=<hex HMAC-SHA256 of t under startSecret>` every second.
   */
  qr?: QrStart;
  /** Different-device: four digits to show beside "check the code in your app"; the app shows the same ones. */
  verificationCode?: string;
  /** Wallet: how the person's EU Digital Identity Wallet is reached (docs/eudi-wallet.md). */
  presentation?: WalletPresentationRequest;
}

const invalid = (path: Array<string | number>, message: string) =>
  new RequestValidationError([{ code: 'custom', path, message }]);

/**
 * Starts signing flows (spec 4.3): `sign` reports its outcome to a webhook, `confirm` only to pollers; and with an EU
 * wallet, whose PID's key binding must bind the text or payment as transaction data.
 */
@Injectable()
export class SigningService {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: FlowPresenter,
    private readonly devices: DevicesService,
    private readonly webhooks: WebhooksService,
    private readonly wallet: WalletVerifierService,
    private readonly intendedUses: IntendedUsesService,
    private readonly registration: RegistrationCertificateService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async start(
    principal: Principal,
    startMode: StartMode,
    request: SigningRequest,
    client: ClientContext,
  ): Promise<SigningCreated> {
    await this.checkWebhook(request);
    if (request.nin && !(await this.devices.hasDigitalId(request.nin, principal.app.environment))) {
      throw new NoDigitalIdError();
    }
    const newFlow: NewFlow = {
      kind: 'signing',
      startMode,
      action: request.action,
      principal,
      payload: request.payload,
      requestedClaims: [],
      targetNin: request.nin,
      webhook: request.webhook && { url: request.webhook.host, reference: request.webhook.reference },
      ip: client.ip,
      userAgent: client.userAgent,
      seeds: request.seeds,
      verification: request.verification,
    };
    if (startMode === 'wallet') return this.startWithWallet(principal, newFlow, request);
    const { flow, link, seeds, qr, verificationCode } = await this.flows.create(newFlow);
    return { request: this.presenter.requestObject(flow), link, seeds, qr, verificationCode };
  }

  /**
   * A wallet signing flow and its request, written together: the PID asked for no claim, as SD-JWT VC (the form whose
   * key binding JWT binds transaction data), within the app's registered intended use.
   */
  private async startWithWallet(
    principal: Principal,
    newFlow: NewFlow,
    request: SigningRequest,
  ): Promise<SigningCreated> {
    const ask = sdJwtAsk(await this.intendedUses.askOf(principal.app, [], { intendedUse: request.intendedUse }));
    const transaction: WalletTransaction = request.payment
      ? { type: PAYMENT_TYPE, payment: request.payment }
      : { type: CONFIRMATION_TYPE };
    const writePresentation = await this.wallet.presentationWriter(request.origin, {
      ...ask,
      verifierInfo: this.registration.verifierInfo(),
      transaction,
    });
    return this.unitOfWork.run(async () => {
      const { flow } = await this.flows.create({ ...newFlow, intendedUse: ask.intendedUse });
      return { request: this.presenter.requestObject(flow), presentation: await writePresentation(flow) };
    });
  }

  /** Spec 4.3: `sign` needs a webhook, `confirm` has none; the host must be a URL the outbound guard would call. */
  private async checkWebhook(request: SigningRequest): Promise<void> {
    if (request.action === 'sign' && !request.webhook)
      throw invalid(['webhook'], 'webhook is required when action is sign');
    if (request.action === 'confirm' && request.webhook) {
      throw invalid(['webhook'], 'webhook is not accepted when action is confirm');
    }
    if (request.webhook) await this.webhooks.checkUrl(request.webhook.host);
  }
}
