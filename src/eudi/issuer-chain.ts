import { BasicConstraintsExtension, X509Certificate } from '@peculiar/x509';
import { PresentationRefusedError } from './errors/presentation-refused.error';

/**
 * Checks a credential's `x5c` (leaf first) against the trust list at a moment: every certificate valid then, each
 * signed by the next, the last one a trusted CA or signed by one, and every issuer in the path a CA. Returns the leaf,
 * whose key must then have signed the credential.
 */
export async function trustedIssuerLeaf(
  x5c: unknown,
  anchors: readonly X509Certificate[],
  at: Date,
): Promise<X509Certificate> {
  if (!Array.isArray(x5c) || x5c.length === 0 || !x5c.every((item) => typeof item === 'string')) {
    throw new PresentationRefusedError('The credential names no issuer certificate (x5c)');
  }
  const chain = x5c.map(parseCertificate);
  for (const certificate of chain) {
    if (certificate.notBefore > at || certificate.notAfter < at) {
      throw new PresentationRefusedError(`The issuer certificate ${certificate.subject} is expired or not yet valid`);
    }
  }
  for (let index = 0; index < chain.length - 1; index++) {
    const issuer = chain[index + 1];
    if (!isCa(issuer) || !(await signedBy(chain[index], issuer))) {
      throw new PresentationRefusedError(`The issuer chain is broken at ${chain[index].subject}`);
    }
  }
  const last = chain[chain.length - 1];
  for (const anchor of anchors) {
    if (Buffer.from(anchor.rawData).equals(Buffer.from(last.rawData))) return chain[0];
    if (anchor.notAfter < at || anchor.notBefore > at) continue;
    if (anchor.subject === last.issuer && isCa(anchor) && (await signedBy(last, anchor))) return chain[0];
  }
  throw new PresentationRefusedError(`The credential's issuer (${chain[0].subject}) is not on the trust list`);
}

function parseCertificate(base64: string): X509Certificate {
  try {
    return new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    throw new PresentationRefusedError('The issuer certificate (x5c) cannot be read');
  }
}

function isCa(certificate: X509Certificate): boolean {
  return certificate.getExtension(BasicConstraintsExtension)?.ca === true;
}

async function signedBy(certificate: X509Certificate, issuer: X509Certificate): Promise<boolean> {
  return certificate.verify({ publicKey: issuer.publicKey, signatureOnly: true }).catch(() => false);
}
