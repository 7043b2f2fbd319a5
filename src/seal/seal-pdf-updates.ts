import { Injectable } from '@nestjs/common';
import type { SignatureField } from './pdf-sealer';
import { PDF_UPDATES_AT_HAND, type PdfUpdates } from './pdf-updates';
import type { ValidationData } from './validation-data';

/**
 * Where DocumentSealService has its PDF updates made. At hand until a module above, which owns PDF reading threads
 * (documents), hands them over at start, so that a long document's seal and archive renewal do not parse it on the
 * serving thread.
 */
@Injectable()
export class SealPdfUpdates implements PdfUpdates {
  private runner: PdfUpdates = PDF_UPDATES_AT_HAND;

  runOn(runner: PdfUpdates): void {
    this.runner = runner;
  }

  addSignatureField(bytes: Uint8Array, field: SignatureField): Promise<Uint8Array> {
    return this.runner.addSignatureField(bytes, field);
  }

  appendDss(bytes: Uint8Array, data: ValidationData, signatureContents?: Buffer): Promise<Uint8Array> {
    return this.runner.appendDss(bytes, data, signatureContents);
  }
}
