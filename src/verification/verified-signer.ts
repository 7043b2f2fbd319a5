import { sha256Hex } from '../common/crypto/digest';
import type { DocumentSignee } from '../documents/document-signee.entity';
import type { VerifiedSigner } from './verification-result';

/** As DocumentStampingService prints it: the first 16 hex characters of the receipt's SHA-256. */
const FINGERPRINT_LENGTH = 16;

/**
 * A signee exactly as the signature page shows them (DocumentStampingService builds the same lines), so a reader can
 * hold the answer against the paper. The NIN stays out: the page does not print it.
 */
export function verifiedSigner(signee: DocumentSignee): VerifiedSigner {
  const signedAt = Math.floor((signee.signedAt ?? 0) / 1000);
  return {
    name: signee.name,
    representing: signee.representing || (signee.type === 'person' ? 'Self' : ''),
    ...(signee.title ? { title: signee.title } : {}),
    type: signee.type,
    signedAt,
    signedAtIso: isoSeconds(signedAt),
    identification: signee.identification ?? '',
    signatureFingerprint: sha256Hex(signee.signature ?? '').slice(0, FINGERPRINT_LENGTH),
  };
}

/** UTC ISO 8601 to the second, as the signature page prints times. */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
