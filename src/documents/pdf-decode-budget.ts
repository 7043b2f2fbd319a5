import { NotAPdfError } from './errors/not-a-pdf.error';

/**
 * How far the streams a PDF parser decodes while loading may expand in all. Object and cross-reference streams are
 * text and small in real files (a few MiB in a 25 MiB PDF); a crafted one can inflate a thousandfold, and a filter
 * chain (Flate under Flate) a millionfold.
 */
export const MAX_DECODED_BYTES = 128 * 1024 * 1024;

/**
 * What one file's decoding may write, counted as it happens. Once spent it stays spent, so a parser that swallows the
 * refusal and carries on with the next stream is refused at that stream's first block too.
 */
export class PdfDecodeBudget {
  private spent = 0;

  constructor(readonly limit: number = MAX_DECODED_BYTES) {}

  spend(bytes: number): void {
    this.spent += bytes;
    if (this.exceeded) throw this.refusal();
  }

  get exceeded(): boolean {
    return this.spent > this.limit;
  }

  refusal(): NotAPdfError {
    return new NotAPdfError(`its compressed streams expand to more than ${Math.round(this.limit / 2 ** 20)} MiB`);
  }
}
