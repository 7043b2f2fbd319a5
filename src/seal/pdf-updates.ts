import { appendDss } from './dss-writer';
import { type SignatureField, addSignatureField } from './pdf-sealer';
import type { ValidationData } from './validation-data';

/**
 * The incremental updates a seal makes to a PDF, each of which parses the whole file: a new signature field (the seal,
 * a document timestamp) and the DSS. Where they run is the caller's choice: at hand, or on a PDF reading thread.
 */
export interface PdfUpdates {
  addSignatureField(bytes: Uint8Array, field: SignatureField): Promise<Uint8Array>;
  appendDss(bytes: Uint8Array, data: ValidationData, signatureContents?: Buffer): Promise<Uint8Array>;
}

/** The updates made on the calling thread: for tools and tests that have no PDF reading threads. */
export const PDF_UPDATES_AT_HAND: PdfUpdates = { addSignatureField, appendDss };
