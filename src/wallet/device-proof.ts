/** The device proof of DESIGN section 6, in the manner of DPoP: `Authorization: Device <compact JWS>`. */
export const DEVICE_PROOF_TYPE = 'idflow-device-proof+jwt';
export const DEVICE_PROOF_SCHEME = 'Device';
/** How far a proof's `iat` may be from the server's clock. */
export const PROOF_MAX_AGE_SECONDS = 60;

/** What a device signs for every request. */
export interface DeviceProofPayload {
  /** HTTP method of the request, upper case. */
  htm: string;
  /** Path of the request, without query string, e.g. `/wallet/v1/inbox`. */
  htu: string;
  /** Unix seconds. */
  iat: number;
  /** A fresh random value per request (16 to 128 characters); a proof is accepted once. */
  jti: string;
}
