import { Injectable } from '@nestjs/common';
import type * as pkijs from 'pkijs';
import { type CertificateStatus, UNKNOWN_STATUS } from './certificate-status';

/** A CA's answer for a certificate; undefined for one it did not issue. */
export type SignerCertificateStatusSource = (certificate: pkijs.Certificate) => Promise<CertificateStatus | undefined>;

/**
 * Where /verify learns whether a signee's certificate was revoked: each CA idflow answers for registers (the sandbox
 * signing provider's), as SignerTrustAnchors gathers their certificates.
 */
@Injectable()
export class SignerCertificateStatuses {
  private readonly sources: SignerCertificateStatusSource[] = [];

  register(source: SignerCertificateStatusSource): void {
    this.sources.push(source);
  }

  async statusOf(certificate: pkijs.Certificate): Promise<CertificateStatus> {
    for (const source of this.sources) {
      const status = await source(certificate);
      if (status) return status;
    }
    return UNKNOWN_STATUS;
  }
}
