import { parentPort, workerData } from 'node:worker_threads';
import { meterPdfDecoding } from '../platform/pdf-lib-decoding';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfDecodeBudget } from './pdf-decode-budget';
import { PDF_READING_TASKS, type PdfReadingAnswer, type PdfReadingRequest } from './pdf-reading-tasks';

/*
 * A PDF reading thread (PdfReadingPool): reads one untrusted file at a time, under a fresh decode budget each, off the
 * serving thread's event loop and heap.
 */
const { decodedBytes } = workerData as { decodedBytes: number };
let budget = new PdfDecodeBudget(decodedBytes);
meterPdfDecoding((bytes) => budget.spend(bytes));

async function answer({ task, bytes, maxPages }: PdfReadingRequest): Promise<PdfReadingAnswer> {
  budget = new PdfDecodeBudget(decodedBytes);
  try {
    const result = await PDF_READING_TASKS[task](bytes, maxPages);
    // pdf-lib skips an object stream it fails to decode as an invalid object, so a refusal can end in a result.
    return budget.exceeded ? { refusal: budget.refusal().detail } : { result };
  } catch (error) {
    if (budget.exceeded) return { refusal: budget.refusal().detail };
    if (error instanceof NotAPdfError) return { refusal: error.detail };
    return { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (request: PdfReadingRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
