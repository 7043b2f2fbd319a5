import type { DocumentSignee } from '../documents/document-signee.entity';
import { printedSigner } from '../documents/printed-signer';
import type { VerifiedSigner } from './verification-result';

/** A signee exactly as the signature page shows them, plus their type; the NIN stays out, as the page omits it. */
export function verifiedSigner(signee: DocumentSignee): VerifiedSigner {
  const { title, ...printed } = printedSigner(signee);
  return {
    ...printed,
    ...(title ? { title } : {}),
    type: signee.type,
    signedAtIso: isoSeconds(printed.signedAt),
  };
}

/** UTC ISO 8601 to the second, as the signature page prints times. */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
