import { updatesAfterSignatures } from '../seal/later-updates';
import { claimedDocumentId } from './claimed-document-id';
import { inspectPdf } from './pdf-inspection';
import type { CompletionRecord } from './completion-page';
import type { DocumentStamp } from './pdf-stamper';
import type { SignatureField } from '../seal/pdf-sealer';
import type { ValidationData } from '../seal/validation-data';

/** What a PDF reading thread does with a file: each task reads untrusted bytes with pdf-lib. */
export const PDF_READING_TASKS = {
  inspect: (bytes: Uint8Array, maxPages: number) => inspectPdf(bytes, maxPages),
  claimedDocumentId: (bytes: Uint8Array) => claimedDocumentId(bytes),
  updatesAfterSignatures: (bytes: Uint8Array) =>
    updatesAfterSignatures(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
};

export type PdfReadingTask = keyof typeof PDF_READING_TASKS;
export type PdfReadingResult<T extends PdfReadingTask> = Awaited<ReturnType<(typeof PDF_READING_TASKS)[T]>>;

/**
 * One file sent to a thread: a reading task (`maxPages` is the page cap of `inspect`), or a step of making a document's
 * stamped copy, which parses the file it is given as a reading does: the stamp over the original, then the certificate
 * of completion over the stamped copy, then the seal's incremental updates (a signature field, the DSS), each under a
 * budget of its own.
 */
export type PdfReadingRequest =
  | { task: PdfReadingTask; bytes: Uint8Array; maxPages: number }
  | { task: 'stamp'; bytes: Uint8Array; stamp: DocumentStamp }
  | { task: 'completionPage'; bytes: Uint8Array; completion: CompletionRecord }
  | { task: 'signatureField'; bytes: Uint8Array; field: SignatureField }
  | { task: 'dss'; bytes: Uint8Array; data: ValidationData; signatureContents?: Uint8Array };

/** A thread's answer: the task's result, why the file is refused (a NotAPdfError's detail), or what went wrong. */
export type PdfReadingAnswer = { result: unknown } | { refusal: string } | { failure: string };
