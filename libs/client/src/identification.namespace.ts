import type { FlowRequest } from './flow-view';
import type { QrStart } from './qr-frame';
import type { CallOptions, Transport } from './transport';

export interface IdentificationInput {
  action: 'login' | 'signup' | 'link';
  /** Keys of the claim catalog (README), such as `naming.name` or `contact.email`. */
  claims: string[];
  /** The intent shown to the person. */
  payload: string;
}

/** `display` (default): the app shows `verificationCode` to compare; `choice`: the person picks it among three. */
export type VerificationMode = 'display' | 'choice';

/** Same-device: the link to open on the person's phone, and the animated QR code for a desktop page. */
export interface SameDeviceCreated {
  request: FlowRequest;
  link: string;
  qr: QrStart;
}

/** Wildcard: QR seeds (the first one scanned wins) and the animated QR code. */
export interface WildcardCreated {
  request: FlowRequest;
  seeds: string[];
  qr: QrStart;
}

/** Wallet: how the person's EU Digital Identity Wallet is reached. */
export interface WalletCreated {
  request: FlowRequest;
  presentation: {
    /** The `openid4vp://` request: show it as a QR code, or open it on the person's phone. */
    uri: string;
    /** Where the wallet fetches the signed request object. */
    requestUri: string;
    /** The verifier's `x509_hash:` client identifier. */
    clientId: string;
    /** Given an `origin`: pass it as is in `navigator.credentials.get({ digital: { requests: [it] } })`. */
    digitalCredentials?: { protocol: 'openid4vp-v1-signed'; data: { request: string } };
    /** Given an `origin`: where the page posts the returned credential's `data` as JSON. */
    digitalCredentialsResponseUri?: string;
  };
}

/** Different-device identification: pushed to the person's devices; show `verificationCode` beside your prompt. */
export interface IdentificationPushed {
  request: FlowRequest;
  /** An access token, also sent in the x-access-token header (spec 4.2 rule 1). */
  token: string;
  verificationCode: string;
}

/** `/api/{version}/identification/*` (spec 4.2). */
export class IdentificationNamespace {
  constructor(private readonly transport: Transport) {}

  sameDevice(input: IdentificationInput, options?: CallOptions): Promise<SameDeviceCreated> {
    return this.create('same-device', input, options, false);
  }

  /** v1 takes the access token instead of the secret (fetched with `flows.authorize()` when the client has none). */
  differentDevice(
    input: IdentificationInput & { user: string; verification?: VerificationMode },
    options?: CallOptions,
  ): Promise<IdentificationPushed> {
    return this.create('different-device', input, options, this.transport.version === 'v1');
  }

  wildcard(input: IdentificationInput & { seeds: number }, options?: CallOptions): Promise<WildcardCreated> {
    return this.create('wildcard', input, options, this.transport.version === 'v1');
  }

  /**
   * v2 only: the person answers with their EU Digital Identity Wallet's PID (OpenID4VP 1.0). With `origin` (your page's
   * https origin), also the request for the browser's Digital Credentials API; `purpose` (one line of plain text) is
   * shown by the wallet; `webhook` receives `identification.*` events, the wallet's refusal with its reason among them.
   */
  wallet(
    input: IdentificationInput & { origin?: string; purpose?: string; webhook?: { host: string; reference: string } },
    options?: CallOptions,
  ): Promise<WalletCreated> {
    return this.create('wallet', input, options, false);
  }

  private create<T>(mode: string, body: object, options: CallOptions = {}, token: boolean): Promise<T> {
    return this.transport.json({
      method: 'POST',
      path: `/api/${this.transport.version}/identification/${mode}`,
      body,
      token,
      idempotent: options.idempotencyKey !== undefined,
      ...options,
    });
  }
}
