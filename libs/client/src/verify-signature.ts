import { createHash } from 'node:crypto';
import { JSONWebKeySet, createLocalJWKSet, jwtVerify } from 'jose';

/** What a verified signing receipt says. */
export interface VerifiedSignature {
  /** The signer's NIN; for an EU wallet's approval, the NIN its PID proved or its holder key's pseudonym (`pid:`). */
  nin: string;
  flow: string;
  /** How the signer approved: in their digital-ID app, or with their EU wallet. */
  approvedWith: 'device' | 'eu-wallet';
  /** The approving device and its own signature over the challenge; absent for an EU wallet's approval. */
  device?: string;
  deviceSignature?: string;
  /** The EU wallet's key binding JWT, which bound the transaction; absent for a device's approval. */
  keyBinding?: string;
  /** Unix seconds. */
  signedAt: number;
}

/**
 * Verifies a signing receipt offline: the receipt must be signed by a key of the service's JWK Set
 * (`/.well-known/jwks.json`) and cover exactly this payload. Throws otherwise. For a signing flow the payload is its
 * text (ping's `signature`); for a document it is the bytes of the original PDF (each `signatures[].signature` of
 * refresh), whose SHA-256 is the document's `file.sha256`.
 */
export async function verifySignature(
  receipt: string,
  payload: string | Uint8Array,
  jwks: JSONWebKeySet,
): Promise<VerifiedSignature> {
  const { payload: claims } = await jwtVerify(receipt, createLocalJWKSet(jwks), { typ: 'idflow-signature+jwt' });
  const digest = createHash('sha256').update(payload).digest('hex');
  if (claims.payload_sha256 !== digest) throw new Error('The signature does not cover this payload');
  const signer = { nin: String(claims.sub), flow: String(claims.flow), signedAt: Number(claims.signed_at) };
  if (typeof claims.key_binding === 'string') {
    return { ...signer, approvedWith: 'eu-wallet', keyBinding: claims.key_binding };
  }
  return {
    ...signer,
    approvedWith: 'device',
    device: String(claims.device),
    deviceSignature: String(claims.device_signature),
  };
}
