import type { webcrypto } from 'node:crypto';
import type { Certificate } from 'pkijs';

/** What seals a document: the private key, its certificate, the certificates above it, and which roots to trust. */
export interface SealCredential {
  privateKey: webcrypto.CryptoKey;
  certificate: Certificate;
  /** Issuers above the certificate, nearest first; carried in every signature so validators can build the chain. */
  chain: Certificate[];
  /** The roots `/verify` accepts a seal's chain up to. */
  trustAnchors: Certificate[];
}
