import { deflateSync } from 'node:zlib';
import { farFilterBomb, hexFlateBomb, sharedNodeBomb, withObjectStream } from '../../test/support/pdf-bombs';
import { makePdf } from '../../test/support/pdf-fixtures';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfReadersBusyError } from './errors/pdf-readers-busy.error';
import { PDF_READING_LIMITS, PdfReadingPool } from './pdf-reading.pool';

const MIB = 1024 * 1024;

/** An object stream of `mebibytes` MiB of zeros deflated twice over: a millionfold expansion. */
function doubleFlateBomb(mebibytes: number): Buffer {
  return withObjectStream(
    '/Filter [/FlateDecode /FlateDecode]',
    deflateSync(deflateSync(Buffer.alloc(mebibytes * MIB))),
  );
}

describe('PdfReadingPool', () => {
  const pool = new PdfReadingPool({ ...PDF_READING_LIMITS, decodedBytes: 8 * MIB });
  afterAll(() => pool.onApplicationShutdown());

  it('inspects a PDF on a thread, and finds the document id a file names', async () => {
    await expect(pool.read('inspect', await makePdf(3), 10)).resolves.toEqual({ pageCount: 3 });
    const titled = await makePdf(1, `Signed document doc_${'a'.repeat(40)}`);
    await expect(pool.read('claimedDocumentId', titled)).resolves.toBe(`doc_${'a'.repeat(40)}`);
  });

  it.each([
    ['hex over Flate', () => hexFlateBomb(32)],
    ['a /Filter 70 KB before the data', () => farFilterBomb(32)],
    ['Flate over Flate', () => doubleFlateBomb(32)],
  ])('refuses an object stream that decodes beyond the budget: %s', async (_, bomb) => {
    const bytes = bomb();
    for (const task of ['inspect', 'claimedDocumentId'] as const) {
      await expect(pool.read(task, bytes, 10)).rejects.toThrow(
        new NotAPdfError('its compressed streams expand to more than 8 MiB'),
      );
    }
  });

  it('says why it refuses a page tree, and reads the next file as before', async () => {
    await expect(pool.read('inspect', sharedNodeBomb(10, 6), 1000)).rejects.toThrow(/reaches 3 0 R more than once/);
    await expect(pool.read('inspect', await makePdf(2), 1)).rejects.toThrow(/more than 1 pages/);
    await expect(pool.read('inspect', await makePdf(2), 10)).resolves.toEqual({ pageCount: 2 });
  });

  it('ends a thread that takes longer than the time limit, and refuses the file', async () => {
    const hurried = new PdfReadingPool({ ...PDF_READING_LIMITS, timeMs: 1 });
    try {
      await expect(hurried.read('inspect', await makePdf(1), 10)).rejects.toThrow(
        new NotAPdfError('reading it takes longer than 0.001 s'),
      );
    } finally {
      await hurried.onApplicationShutdown();
    }
  });

  it('reads files beyond its thread count in turn', async () => {
    const files = await Promise.all([1, 2, 3, 4, 5].map((pages) => makePdf(pages)));
    const counts = await Promise.all(files.map((file) => pool.read('inspect', file, 10)));
    expect(counts.map(({ pageCount }) => pageCount)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a file at once when its queue is full, and reads those it took', async () => {
    const narrow = new PdfReadingPool({ ...PDF_READING_LIMITS, threads: 1, waiting: 2 });
    try {
      const files = await Promise.all([1, 2, 3, 4].map((pages) => makePdf(pages)));
      const reads = files.map((file) => narrow.read('inspect', file, 10));
      await expect(reads[3]).rejects.toThrow(new PdfReadersBusyError(2));
      const counts = await Promise.all(reads.slice(0, 3));
      expect(counts.map(({ pageCount }) => pageCount)).toEqual([1, 2, 3]);
      await expect(narrow.read('inspect', files[3], 10)).resolves.toEqual({ pageCount: 4 });
    } finally {
      await narrow.onApplicationShutdown();
    }
  });
});
