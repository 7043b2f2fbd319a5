import type { FlowRequest } from './flow-view';
import type { SameDeviceCreated, VerificationMode, WildcardCreated } from './identification.namespace';
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

/** `/api/{version}/signing/*` (spec 4.3); wildcard exists on v2 only. */
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
