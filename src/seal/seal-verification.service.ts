import { Injectable } from '@nestjs/common';
import type { PadesReport } from './pades-report';
import { verifyPades } from './pades-verifier';
import { SealCredentialsService } from './seal-credentials.service';

/** Checks a PDF's PAdES seal, timestamps and level against this service's seal trust anchors. */
@Injectable()
export class SealVerificationService {
  constructor(private readonly credentials: SealCredentialsService) {}

  async check(pdf: Buffer): Promise<PadesReport> {
    return verifyPades(pdf, (await this.credentials.credential()).trustAnchors);
  }
}
