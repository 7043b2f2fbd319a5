import { parentPort, workerData } from 'node:worker_threads';
import { meterPdfDecoding } from '../platform/pdf-lib-decoding';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfDecodeBudget } from './pdf-decode-budget';
import { PDF_READING_TASKS, type PdfReadingAnswer, type PdfReadingRequest } from './pdf-reading-tasks';
import { appendCompletionPage } from './completion-page';
import { stampPdf } from './pdf-stamper';
import { appendDss } from '../seal/dss-writer';
import { addSignatureField } from '../seal/pdf-sealer';
import type { ValidationData } from '../seal/validation-data';

/*
 * A PDF reading thread (PdfReadingPool): reads one untrusted file at a time, under a fresh decode budget each, off the
 * serving thread's event loop and heap.
 */
const { decodedBytes } = workerData as { decodedBytes: number };
let budget = new PdfDecodeBudget(decodedBytes);
meterPdfDecoding((bytes) => budget.spend(bytes));

function run(request: PdfReadingRequest): Promise<unknown> {
  if (request.task === 'stamp') return stampPdf(request.bytes, request.stamp);
  if (request.task === 'completionPage') return appendCompletionPage(request.bytes, request.completion);
  if (request.task === 'signatureField') return addSignatureField(request.bytes, request.field);
  if (request.task === 'dss') {
    const contents = request.signatureContents && Buffer.from(request.signatureContents);
    return appendDss(request.bytes, asBuffers(request.data), contents);
  }
  return Promise.resolve(PDF_READING_TASKS[request.task](request.bytes, request.maxPages));
}

async function answer(request: PdfReadingRequest): Promise<PdfReadingAnswer> {
  budget = new PdfDecodeBudget(decodedBytes);
  try {
    const result = await run(request);
    // pdf-lib skips an object stream it fails to decode as an invalid object, so a refusal can end in a result.
    return budget.exceeded ? { refusal: budget.refusal().detail } : { result };
  } catch (error) {
    if (budget.exceeded) return { refusal: budget.refusal().detail };
    if (error instanceof NotAPdfError) return { refusal: error.detail };
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Buffers arrive as plain Uint8Arrays: the DSS writer compares them as Buffers. */
function asBuffers({ certs, ocsps, crls }: ValidationData): ValidationData {
  const buffers = (items: Uint8Array[]) => items.map((item) => Buffer.from(item));
  return { certs: buffers(certs), ocsps: buffers(ocsps), crls: buffers(crls) };
}

/** A file made here is handed back whole rather than copied, when it owns its memory alone (not a pooled Buffer). */
function transferable(result: unknown): ArrayBuffer[] {
  if (!(result instanceof Uint8Array)) return [];
  const whole = result.byteOffset === 0 && result.byteLength === result.buffer.byteLength;
  return whole ? [result.buffer as ArrayBuffer] : [];
}

parentPort?.on('message', (request: PdfReadingRequest) => {
  void answer(request).then((reply) => {
    parentPort?.postMessage(reply, 'result' in reply ? transferable(reply.result) : []);
  });
});
