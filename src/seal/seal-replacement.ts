import type { RevokedSealCertificate } from './revoked-seal-certificate.entity';

/** What revoking a seal certificate writes: the revocation, and the certificate and sealed key used from then on. */
export interface SealReplacement {
  revoked: RevokedSealCertificate;
  certificatePem: string;
  /** Sealed under the key-encryption key. */
  privateKey: string;
}
