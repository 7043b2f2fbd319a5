/** What a holder gives when approving: consented claims (identification) or a signature (signing). */
export interface Consent {
  claims?: readonly string[];
  /** A compact JWS by the device key over the flow's challenge `{ flow, payload_sha256, iat }`. */
  signature?: string;
  /** A `choice` flow: the verification code the person picked out of three. */
  verificationCode?: string;
}
