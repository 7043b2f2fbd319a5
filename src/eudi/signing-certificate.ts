import { type KeyObject, createPublicKey, type webcrypto } from 'node:crypto';
import type { X509Certificate } from '@peculiar/x509';

/** A P-256 key and its certificate chain, leaf first: what signs request objects, or (sandbox) PIDs. */
export interface SigningCertificate {
  chain: X509Certificate[];
  privateKey: webcrypto.CryptoKey;
}

/** A certificate's public key as Node's own key object, which jose takes as it is. */
export function publicKeyOf(certificate: X509Certificate): KeyObject {
  return createPublicKey({ key: Buffer.from(certificate.publicKey.rawData), format: 'der', type: 'spki' });
}

/** The `x5c` header of a JWS signed by this certificate: base64 DER, leaf first. */
export function x5cOf(certificate: SigningCertificate): string[] {
  return certificate.chain.map((item) => Buffer.from(item.rawData).toString('base64'));
}
