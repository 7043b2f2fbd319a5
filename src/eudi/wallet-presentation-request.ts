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
}
