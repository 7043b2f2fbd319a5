import { EncryptedPDFError, PDFDocument } from '@cantoo/pdf-lib';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { countPages } from './pdf-page-tree';

export interface PdfInspection {
  pageCount: number;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const EOF_MARKER = Buffer.from('%%EOF', 'latin1');
// Readers tolerate a little junk before the header and after the last %%EOF; 1024 bytes is the window Acrobat allows.
const MARKER_WINDOW = 1024;

/**
 * Decides whether downloaded bytes are a PDF we can show and stamp, of at most `maxPages` pages. The library alone is
 * too forgiving (it loads a truncated file and quietly drops what is missing), so the header and the final `%%EOF` are
 * checked first. Run on a PDF reading thread, whose decode budget bounds what loading may inflate.
 */
export async function inspectPdf(bytes: Uint8Array, maxPages: number): Promise<PdfInspection> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.subarray(0, MARKER_WINDOW).includes(PDF_HEADER))
    throw new NotAPdfError('it does not start with a %PDF- header');
  if (!buffer.subarray(-MARKER_WINDOW).includes(EOF_MARKER))
    throw new NotAPdfError('it is truncated (no %%EOF at the end)');

  let pageCount: number;
  try {
    // Counting walks the page tree, which is where a file with a valid header but no catalog fails.
    pageCount = countPages(await PDFDocument.load(bytes, { updateMetadata: false }), maxPages);
  } catch (error) {
    if (error instanceof NotAPdfError) throw error;
    if (error instanceof EncryptedPDFError) {
      throw new NotAPdfError('it is encrypted or password-protected; supply an unprotected copy');
    }
    throw new NotAPdfError('it could not be parsed');
  }
  if (pageCount === 0) throw new NotAPdfError('it has no pages');
  return { pageCount };
}
