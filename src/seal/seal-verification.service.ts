import { Injectable } from '@nestjs/common';
import type { UpdatesAfterSignatures } from './later-updates';
import type { PadesReport } from './pades-report';
import { verifyPades } from './pades-verifier';
import { SealCredentialsService } from './seal-credentials.service';
import type * as pkijs from 'pkijs';
import type { CertificateStatus } from './certificate-status';
import { SignerCertificateStatuses } from './signer-certificate-statuses';
import { SignerTrustAnchors } from './signer-trust-anchors';

/**
 * Checks a PDF's PAdES seal, timestamps and level against this service's seal trust anchors, and the seal certificate
 * against the revocations of the sandbox seal CA; signees' own signatures against those anchors and SignerTrustAnchors,
 * their certificates against the revocations of the signing CAs idflow answers for (SignerCertificateStatuses).
 */
@Injectable()
export class SealVerificationService {
  constructor(
    private readonly credentials: SealCredentialsService,
    private readonly signers: SignerTrustAnchors,
    private readonly signerStatuses: SignerCertificateStatuses,
  ) {}

  /** `updates` is what `updatesAfterSignatures` found in the file. */
  async check(pdf: Buffer, updates: UpdatesAfterSignatures): Promise<PadesReport> {
    const { trustAnchors } = await this.credentials.credential();
    return verifyPades(pdf, trustAnchors, updates, {
      certificateStatus: (certificate) => this.statusOf(certificate),
      signerTrustAnchors: [...trustAnchors, ...(await this.signers.all())],
    });
  }

  /** The sandbox seal CA's answer, else a signing CA's that idflow answers for, else unknown. */
  private async statusOf(certificate: pkijs.Certificate): Promise<CertificateStatus> {
    const seal = await this.credentials.statusOf(certificate);
    return seal.status === 'unknown' ? this.signerStatuses.statusOf(certificate) : seal;
  }
}
