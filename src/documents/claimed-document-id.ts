import { PDFDocument, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';

/** A document id as the stamp prints it (DESIGN section 3: `doc_` and 40 base62 characters). */
const DOCUMENT_ID = /doc_[0-9A-Za-z]{40}(?![0-9A-Za-z])/;
/** A hex string operand: pdf-lib writes the stamp's text with standard fonts as `<446F63...> Tj`. */
const HEX_STRING = /<([0-9A-Fa-f\s]+)>/g;
// The footer sits at the start of its own small content stream; reading further only costs memory on large images.
const STREAM_BYTES_READ = 64 * 1024;
// Bounds the work a crafted file full of compressed streams can cause (a flate stream can inflate a thousandfold).
const TOTAL_BYTES_READ = 8 * 1024 * 1024;

/**
 * The document id a file names, if any: in its Title (`Signed document <id>`), which the stamp sets, else in the text
 * of its pages, where the footer prints it. Only an altered or damaged copy of a stamped file gets here, so every step
 * tolerates a broken structure and falls back to the raw bytes. Run on a PDF reading thread, whose decode budget bounds
 * what loading may inflate.
 */
export async function claimedDocumentId(bytes: Uint8Array): Promise<string | null> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      updateMetadata: false,
      ignoreEncryption: true,
      throwOnInvalidObject: false,
    });
  } catch {
    return firstDocumentId(Buffer.from(bytes).toString('latin1'));
  }
  return (
    firstDocumentId(document.getTitle() ?? '') ??
    firstDocumentIdInStreams(document) ??
    firstDocumentId(Buffer.from(bytes).toString('latin1'))
  );
}

function firstDocumentIdInStreams(document: PDFDocument): string | null {
  let budget = TOTAL_BYTES_READ;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || budget <= 0) continue;
    let text: string;
    try {
      const decoded = decodePDFRawStream(object).getBytes(Math.min(STREAM_BYTES_READ, budget));
      budget -= decoded.length;
      text = Buffer.from(decoded).toString('latin1');
    } catch {
      // An unsupported filter (images) or a stream the alteration broke: the other pages still carry the footer.
      continue;
    }
    const found = firstDocumentId(text) ?? firstDocumentId(hexStringsOf(text));
    if (found) return found;
  }
  return null;
}

function hexStringsOf(content: string): string {
  return [...content.matchAll(HEX_STRING)]
    .map(([, hex]) => Buffer.from(hex.replace(/\s/g, ''), 'hex').toString('latin1'))
    .join('\n');
}

function firstDocumentId(text: string): string | null {
  return DOCUMENT_ID.exec(text)?.[0] ?? null;
}
