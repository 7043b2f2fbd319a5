import { sha256Hex } from '../common/crypto/digest';
import type { DocumentSignee } from './document-signee.entity';
import type { StampSigner } from './pdf-stamper';

/** How much of the receipt's SHA-256 the signature page prints, in hex characters. */
const FINGERPRINT_LENGTH = 16;

/**
 * A signed signee as the signature page prints them. The stamper and `/verify` both use it, so what verification
 * reports can be held against the paper line by line.
 */
export function printedSigner(signee: DocumentSignee): StampSigner & { signedAt: number } {
  if (signee.signedAt === null || signee.signature === null) {
    throw new Error(`signee ${signee.position} of ${signee.flowId} has not signed`);
  }
  return {
    name: signee.name,
    representing: signee.representing || (signee.type === 'person' ? 'Self' : ''),
    title: signee.title ?? undefined,
    signedAt: Math.floor(signee.signedAt / 1000),
    identification: signee.identification ?? '',
    signatureFingerprint: sha256Hex(signee.signature).slice(0, FINGERPRINT_LENGTH),
  };
}
