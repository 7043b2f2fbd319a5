import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { contentsHex, signatureRanges } from './signature-ranges';
import { tokenCertificates } from './validation-data';

/**
 * The certificates each signature already in a file carries (a signee's own, before the seal), signer first: the
 * chains whose validation data the seal's DSS holds too, so every signature in the file stays verifiable later. A
 * signature whose CMS cannot be read carries none.
 */
export function signatureChains(pdf: Uint8Array): pkijs.Certificate[][] {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  return signatureRanges(bytes).flatMap((range) => {
    try {
      const parsed = asn1js.fromBER(Buffer.from(contentsHex(bytes, range), 'hex'));
      if (parsed.offset < 0) return [];
      const chain = tokenCertificates(new pkijs.ContentInfo({ schema: parsed.result }));
      return chain.length > 0 ? [chain] : [];
    } catch {
      return [];
    }
  });
}
