import type { FlowRequest } from './flow-view';
import type { SameDeviceCreated, VerificationMode, WalletCreated, WildcardCreated } from './identification.namespace';
import type { CallOptions, Transport } from './transport';

/** Where `sign` reports its outcome (`signing.*` webhooks), and the correlation id they carry. */
export interface SigningWebhookInput {
  host: string;
  reference: string;
}

/** `sign` requires a webhook; `confirm` refuses one. */
export type SigningInput =
  { action: 'sign'; payload: string; webhook: SigningWebhookInput } | { action: 'confirm'; payload: string };

/** Different-device signing: pushed to the signer's devices; show `verificationCode` beside your prompt. */
export interface SigningPushed {
  request: FlowRequest;
  verificationCode: string;
}

/** A payment the person approves in their EU wallet, which shows the payee, amount and currency (TS12). */
export interface PaymentInput {
  payee: { name: string; id: string };
  /** Major units, at most three decimals. */
  amount: number;
  /** ISO 4217, such as `EUR`. */
  currency: string;
}

/** `/api/{version}/signing/*` (spec 4.3); wildcard and wallet exist on v2 only. */
export class SigningNamespace {
  constructor(private readonly transport: Transport) {}

  sameDevice(input: SigningInput & { nin: string }, options?: CallOptions): Promise<SameDeviceCreated> {
    return this.create('same-device', input, options);
  }

  differentDevice(
    input: SigningInput & { nin: string; verification?: VerificationMode },
    options?: CallOptions,
  ): Promise<SigningPushed> {
    return this.create('different-device', input, options);
  }

  wildcard(input: SigningInput & { seeds: number }, options?: CallOptions): Promise<WildcardCreated> {
    return this.create('wildcard', input, options);
  }

  /**
   * v2 only: the person approves with their EU Digital Identity Wallet (OpenID4VP 1.0 transaction data): `payment`
   * shown by the wallet as a payment, else `payload` as the action confirmed; the PID's key binding must bind it.
   */
  wallet(
    input: SigningInput & { payment?: PaymentInput; origin?: string; intendedUse?: string },
    options?: CallOptions,
  ): Promise<WalletCreated> {
    return this.create('wallet', input, options);
  }

  private create<T>(mode: string, body: object, options: CallOptions = {}): Promise<T> {
    return this.transport.json({
      method: 'POST',
      path: `/api/${this.transport.version}/signing/${mode}`,
      body,
      // Every v1 signing route takes the access token.
      token: this.transport.version === 'v1',
      idempotent: options.idempotencyKey !== undefined,
      ...options,
    });
  }
}
