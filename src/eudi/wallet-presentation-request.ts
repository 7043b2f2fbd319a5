/** The object a browser passes in `navigator.credentials.get({ digital: { requests: [it] } })` (OpenID4VP 1.0 A). */
export interface DigitalCredentialRequest {
  protocol: string;
  /** `request`: the signed request object, for `response_mode` `dc_api.jwt` and the integrator's `expected_origins`. */
  data: { request: string };
}

/**
 * What a wallet flow's create answers beside the flow: how to reach the person's wallet.
 */
export interface WalletPresentationRequest {
  /** `openid4vp://?client_id=...&request_uri=...`: show it as a QR code, or open it on the person's phone. */
  uri: string;
  /** The signed request object's address, which `uri` names. */
  requestUri: string;
  /** The verifier's client identifier: `x509_hash:` and the SHA-256 of its certificate. */
  clientId: string;
  /** Same device, when the create named the integrator's `origin`: the browser's Digital Credentials API request. */
  digitalCredentials?: DigitalCredentialRequest;
  /** Same device, beside `digitalCredentials`: where the page posts the wallet's answer (`credential.data`). */
  digitalCredentialsResponseUri?: string;
}
