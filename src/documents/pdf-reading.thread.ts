import { parentPort, workerData } from 'node:worker_threads';
import { meterPdfDecoding } from '../platform/pdf-lib-decoding';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfDecodeBudget } from './pdf-decode-budget';
import { PDF_READING_TASKS, type PdfReadingAnswer, type PdfReadingRequest } from './pdf-reading-tasks';
import { appendCompletionPage } from './completion-page';
import { stampPdf } from './pdf-stamper';

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

parentPort?.on('message', (request: PdfReadingRequest) => {
  void answer(request).then((reply) => {
    // A stamped copy is handed back whole rather than copied: it can be as large as the original.
    const made = 'result' in reply && reply.result instanceof Uint8Array ? [reply.result.buffer as ArrayBuffer] : [];
    parentPort?.postMessage(reply, made);
  });
});
