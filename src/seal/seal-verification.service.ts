import { Injectable } from '@nestjs/common';
import { verifyPades } from './pades-verifier';
import type { SealCheck } from './seal-check';
import { SealCredentialsService } from './seal-credentials.service';

/** Checks a PDF's PAdES seal against this service's seal trust anchors. */
@Injectable()
export class SealVerificationService {
  constructor(private readonly credentials: SealCredentialsService) {}

  async check(pdf: Buffer): Promise<SealCheck> {
    return verifyPades(pdf, (await this.credentials.credential()).trustAnchors);
  }
}
