import { createInflate } from 'node:zlib';

/**
 * How far the streams a PDF parser inflates while loading may expand in all. Object and cross-reference streams are
 * text and small in real files (a few MiB in a 25 MiB PDF); a crafted one can inflate a thousandfold, and the parser
 * would hold all of it in memory.
 */
export const MAX_EXPANDED_BYTES = 128 * 1024 * 1024;

/** The file's streams inflate beyond the budget: refused before any parser sees it. */
export class PdfExpansionError extends Error {
  constructor(readonly budget: number) {
    super(`its compressed streams expand to more than ${Math.round(budget / (1024 * 1024))} MiB`);
    this.name = 'PdfExpansionError';
  }
}

// `stream` at the start of stream data, not the end of `endstream`.
const STREAM_START = /(?<!end)stream(?:\r\n|\n|\r)/g;
const DICTIONARY_WINDOW = 64 * 1024;

/**
 * Inflates, without keeping the output, every Flate stream the parser could decode at load and refuses the file when
 * together they exceed `budget`. Images are skipped (parsers leave them compressed, and scans legitimately inflate to
 * hundreds of MiB) unless their dictionary also names an object or cross-reference stream; names are read with their
 * `#xx` escapes decoded, so spelling `/ObjStm` as `/Obj#53tm` does not hide one.
 */
export async function checkPdfExpansion(bytes: Uint8Array, budget = MAX_EXPANDED_BYTES): Promise<void> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let remaining = budget;
  let previousEnd = 0;
  for (const match of text.matchAll(STREAM_START)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = decodeNameEscapes(
      text.slice(Math.max(previousEnd, match.index - DICTIONARY_WINDOW), match.index),
    );
    previousEnd = end;
    if (!/\/(FlateDecode|Fl)\b/.test(dictionary) || isLeftCompressed(dictionary)) continue;
    remaining -= await inflatedSize(bytes.subarray(start, end), remaining);
    if (remaining < 0) throw new PdfExpansionError(budget);
  }
}

function isLeftCompressed(dictionary: string): boolean {
  return /\/Subtype\s*\/Image\b/.test(dictionary) && !/\/Type\s*\/(ObjStm|XRef)\b/.test(dictionary);
}

function decodeNameEscapes(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** How many bytes the data inflates to, counting no further than just past `limit`; broken data counts what it gave. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => resolve(size));
    inflate.end(data);
  });
}
