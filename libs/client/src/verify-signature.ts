import { createHash } from 'node:crypto';
import { JSONWebKeySet, createLocalJWKSet, jwtVerify } from 'jose';

/** What a verified signing receipt says. */
export interface VerifiedSignature {
  /** The signer's NIN. */
  nin: string;
  flow: string;
  /** The approving device and its own signature over the challenge. */
  device: string;
  deviceSignature: string;
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
  return {
    nin: String(claims.sub),
    flow: String(claims.flow),
    device: String(claims.device),
    deviceSignature: String(claims.device_signature),
    signedAt: Number(claims.signed_at),
  };
}
