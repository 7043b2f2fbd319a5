import { sha256Hex } from '../common/crypto/digest';

/** What a device signs for a signing flow: the SHA-256 of the exact payload, bound to the flow it belongs to. */
export interface SigningChallenge {
  flow: string;
  payloadSha256: string;
}

/** The protected-header type of the JWS a device makes over a challenge. */
export const DEVICE_SIGNATURE_TYPE = 'idflow-device-signature+jwt';
/** The protected-header type of the receipt the service issues for a verified device signature. */
export const SIGNATURE_RECEIPT_TYPE = 'idflow-signature+jwt';

/** The JWS payload a device signs: `{ flow, payload_sha256, iat }`. */
export interface DeviceSignaturePayload {
  flow: string;
  payload_sha256: string;
  iat: number;
}

export function challengeFor(flowId: string, payload: string): SigningChallenge {
  return { flow: flowId, payloadSha256: sha256Hex(payload) };
}
