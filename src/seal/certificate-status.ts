/**
 * A certificate's revocation status as the CA that issued it answers it now: `unknown` when idflow cannot ask that CA
 * (an operator's PKCS#12, an external signing provider) or the CA does not know the certificate.
 */
export type CertificateStatus = { status: 'good' } | { status: 'revoked'; revokedAt: Date } | { status: 'unknown' };

export const UNKNOWN_STATUS: CertificateStatus = { status: 'unknown' };
