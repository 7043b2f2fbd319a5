import { Injectable } from '@nestjs/common';
import type { UpdatesAfterSignatures } from './later-updates';
import type { PadesReport } from './pades-report';
import { verifyPades } from './pades-verifier';
import { SealCredentialsService } from './seal-credentials.service';
import { SignerTrustAnchors } from './signer-trust-anchors';

/**
 * Checks a PDF's PAdES seal, timestamps and level against this service's seal trust anchors, and the seal certificate
 * against the revocations of the sandbox seal CA; signees' own signatures against those anchors and SignerTrustAnchors.
 */
@Injectable()
export class SealVerificationService {
  constructor(
    private readonly credentials: SealCredentialsService,
    private readonly signers: SignerTrustAnchors,
  ) {}

  /** `updates` is what `updatesAfterSignatures` found in the file. */
  async check(pdf: Buffer, updates: UpdatesAfterSignatures): Promise<PadesReport> {
    const { trustAnchors } = await this.credentials.credential();
    return verifyPades(pdf, trustAnchors, updates, {
      revokedAt: (certificate) => this.credentials.revokedAt(certificate),
      signerTrustAnchors: [...trustAnchors, ...(await this.signers.all())],
    });
  }
}
