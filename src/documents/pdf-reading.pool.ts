import { OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfReadersBusyError } from './errors/pdf-readers-busy.error';
import { MAX_DECODED_BYTES } from './pdf-decode-budget';
import type { PdfReadingAnswer, PdfReadingRequest, PdfReadingResult, PdfReadingTask } from './pdf-reading-tasks';
import type { CompletionRecord } from './completion-page';
import type { DocumentStamp } from './pdf-stamper';
import type { SignatureField } from '../seal/pdf-sealer';
import type { PdfUpdates } from '../seal/pdf-updates';
import type { ValidationData } from '../seal/validation-data';

export interface PdfReadingLimits {
  /** Files read at once, each on a thread of its own; the others wait their turn. */
  threads: number;
  /**
   * Files that may wait for a thread; one more is refused at once. Each waits with its bytes in memory, so an unbounded
   * queue would let a burst of uploads hold as much memory as they like.
   */
  waiting: number;
  /** What one file's streams may decode to in all, counted while they decode. */
  decodedBytes: number;
  /** A thread's JavaScript heap, in MiB: the parsed objects of the file. */
  heapMib: number;
  /** How long one file may take; its thread is then ended. */
  timeMs: number;
}

export const PDF_READING_LIMITS: PdfReadingLimits = {
  threads: 2,
  waiting: 32,
  decodedBytes: MAX_DECODED_BYTES,
  heapMib: 256,
  timeMs: 20_000,
};

/** The file each PDF reading thread runs: compiled beside this one, or its TypeScript source under jest. */
export const PDF_READING_THREAD_FILE = join(
  __dirname,
  `pdf-reading.thread${__filename.endsWith('.ts') ? '.ts' : '.js'}`,
);

/**
 * Reads untrusted PDFs on threads of their own: pdf-lib decodes and parses synchronously, so a
 * crafted file read on the serving thread stalls every request, health checks included, for as long as it takes. A
 * thread's decoding is budgeted and its heap capped; one that takes too long, runs out of memory or dies is ended, the
 * file refused, and the next file gets a fresh thread.
 */
export class PdfReadingPool implements OnApplicationShutdown, PdfUpdates {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: PdfReadingLimits) {}

  /**
   * The task's result for these bytes; a NotAPdfError when the file is refused, a PdfReadersBusyError when too many
   * files wait already.
   */
  async read<T extends PdfReadingTask>(task: T, bytes: Uint8Array, maxPages = Infinity): Promise<PdfReadingResult<T>> {
    return (await this.run((copy) => ({ task, bytes: copy, maxPages }), bytes)) as PdfReadingResult<T>;
  }

  /** stampPdf on a thread, under the same budget as a reading: a NotAPdfError when the original exceeds it. */
  async stamp(original: Uint8Array, stamp: DocumentStamp): Promise<Uint8Array> {
    return (await this.run((bytes) => ({ task: 'stamp', bytes, stamp }), original)) as Uint8Array;
  }

  /** appendCompletionPage on a thread, under the same budget as a reading. */
  async appendCompletionPage(stamped: Uint8Array, completion: CompletionRecord): Promise<Uint8Array> {
    return (await this.run((bytes) => ({ task: 'completionPage', bytes, completion }), stamped)) as Uint8Array;
  }

  /** A seal's new signature field (addSignatureField) on a thread. */
  async addSignatureField(bytes: Uint8Array, field: SignatureField): Promise<Uint8Array> {
    return (await this.run((copy) => ({ task: 'signatureField', bytes: copy, field }), bytes)) as Uint8Array;
  }

  /** A seal's DSS (appendDss) on a thread. */
  async appendDss(bytes: Uint8Array, data: ValidationData, signatureContents?: Buffer): Promise<Uint8Array> {
    return (await this.run((copy) => ({ task: 'dss', bytes: copy, data, signatureContents }), bytes)) as Uint8Array;
  }

  private async run(request: (bytes: Uint8Array) => PdfReadingRequest, bytes: Uint8Array): Promise<unknown> {
    const worker = await this.thread();
    // One copy, handed over whole: the caller keeps its bytes, and the thread gets a buffer of exactly the file.
    const copy = new Uint8Array(bytes);
    const { answer, alive } = await this.ask(worker, request(copy), [copy.buffer]);
    this.busy.delete(worker);
    if (alive) this.idle.push(worker);
    this.waiting.shift()?.();
    if ('result' in answer) return answer.result;
    if ('refusal' in answer) throw new NotAPdfError(answer.refusal);
    throw new Error(`Reading a PDF failed: ${answer.failure}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.idle, ...this.busy].map((worker) => worker.terminate()));
  }

  private async thread(): Promise<Worker> {
    while (this.idle.length === 0 && this.busy.size >= this.limits.threads) {
      if (this.waiting.length >= this.limits.waiting) throw new PdfReadersBusyError(this.waiting.length);
      await new Promise<void>((wake) => this.waiting.push(wake));
    }
    const worker = this.idle.pop() ?? this.start();
    this.busy.add(worker);
    return worker;
  }

  private start(): Worker {
    const options = {
      workerData: { decodedBytes: this.limits.decodedBytes },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMib },
    };
    // From the sources (jest, `npm run cli`) the thread's file is TypeScript, which a new thread has to be taught to read.
    const worker = PDF_READING_THREAD_FILE.endsWith('.ts')
      ? new Worker(`require('@swc-node/register'); require(${JSON.stringify(PDF_READING_THREAD_FILE)});`, {
          ...options,
          eval: true,
        })
      : new Worker(PDF_READING_THREAD_FILE, options);
    // A thread's failure reaches the file it was reading through `ask`; an idle one's is followed by its exit.
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
    });
    worker.unref();
    return worker;
  }

  /** The thread's answer, and whether the thread may read another file. */
  private ask(
    worker: Worker,
    request: PdfReadingRequest,
    transfer: ArrayBuffer[],
  ): Promise<{ answer: PdfReadingAnswer; alive: boolean }> {
    const { heapMib, timeMs } = this.limits;
    return new Promise((resolve) => {
      const settle = (answer: PdfReadingAnswer, alive: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (!alive) void worker.terminate();
        resolve({ answer, alive });
      };
      const onMessage = (answer: PdfReadingAnswer) => settle(answer, true);
      const onError = (error: Error & { code?: string }) =>
        settle(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { refusal: `reading it takes more than ${heapMib} MiB of memory` }
            : { failure: error.stack ?? error.message },
          false,
        );
      const onExit = (code: number) => settle({ failure: `the reading thread exited with code ${code}` }, false);
      const timer = setTimeout(
        () => settle({ refusal: `reading it takes longer than ${timeMs / 1000} s` }, false),
        timeMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(request, transfer);
    });
  }
}
