/*
 * PDF library: @cantoo/pdf-lib, the maintained fork of pdf-lib. pdf-lib's last release (1.17.1) dates from 2021; the
 * fork keeps its API, ships CommonJS (it loads under jest and Nest unchanged), released 2.7 to 2.11 during 2026, and
 * can write encrypted files, which the tests use to prove that encrypted uploads are refused. The cost is a few extra
 * dependencies (fflate, culori, an HTML parser for its SVG support) that we do not call.
 */
import { PDFDocument, type PDFFont, type PDFPage, degrees, rgb } from '@cantoo/pdf-lib';
import { StampFonts, characterSet } from './stamp-fonts';

export interface StampSigner {
  name: string;
  representing: string;
  title?: string;
  /** A Date, or Unix seconds as stored on the signee. */
  signedAt: Date | number;
  /** The identification flow that confirmed the signer. */
  identification: string;
  /** A short fingerprint of the signature, for example the first 16 hex characters of the receipt's SHA-256. */
  signatureFingerprint: string;
}

export interface DocumentStamp {
  documentId: string;
  verifyUrl: string;
  signers: StampSigner[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const FOOTER_SIZE = 7;
const FOOTER_MIN_SIZE = 4;
// Most documents keep at least 36pt of bottom margin; the footer baseline sits well inside it.
const FOOTER_BASELINE = 14;
const LINE = 14;
const BLOCK_GAP = 16;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

/**
 * Returns a new PDF: the original pages copied as they are (their content streams are not re-encoded), then signature
 * pages listing every signer, and a footer with the document id and verification link on every page. The original's
 * document-level parts (forms, scripts, outlines) are deliberately not carried into the stamped file.
 */
export async function stampPdf(original: Uint8Array, stamp: DocumentStamp): Promise<Uint8Array> {
  // Stamping happens once every signee has signed; a stamp without signers would certify nothing.
  if (stamp.signers.length === 0) throw new Error('stampPdf needs at least one signer');
  const source = await PDFDocument.load(original, { updateMetadata: false });
  const stamped = await PDFDocument.create();
  stamped.setTitle(`Signed document ${stamp.documentId}`);
  stamped.setProducer('idflow');
  const footerText = `Document ${stamp.documentId} · Verify: ${stamp.verifyUrl}`;
  const fonts = await StampFonts.embed(stamped, [footerText, ...stamp.signers.flatMap(signerLines)]);

  for (const page of await stamped.copyPages(source, source.getPageIndices())) stamped.addPage(page);
  addSignaturePages(stamped, stamp, fonts);

  const footerFont = fonts.for(footerText);
  const footer = sanitize(footerText, footerFont);
  for (const page of stamped.getPages()) drawFooter(page, footer, footerFont);
  return stamped.save();
}

function addSignaturePages(document: PDFDocument, stamp: DocumentStamp, fonts: StampFonts): void {
  const [width, height] = A4;
  const textWidth = width - 2 * MARGIN;
  const top = height - MARGIN;
  const bottom = MARGIN;
  const blocks = stamp.signers.map((signer) => signerLines(signer));
  const pages: string[][][] = [[]];
  let used = 2 * LINE + BLOCK_GAP; // the heading
  for (const block of blocks) {
    const blockHeight = block.length * LINE + BLOCK_GAP;
    if (used + blockHeight > top - bottom && pages[pages.length - 1].length > 0) {
      pages.push([]);
      used = 2 * LINE + BLOCK_GAP;
    }
    pages[pages.length - 1].push(block);
    used += blockHeight;
  }

  pages.forEach((pageBlocks, index) => {
    const page = document.addPage(A4);
    let y = top;
    const heading = `Signatures (page ${index + 1} of ${pages.length})`;
    page.drawText(heading, { x: MARGIN, y, size: 14, font: fonts.for(heading, 'bold'), color: INK });
    y -= LINE;
    const documentLine = `Document ${stamp.documentId}`;
    drawLine(page, documentLine, { y, size: 9, font: fonts.for(documentLine), color: MUTED, width: textWidth });
    y -= LINE + BLOCK_GAP;
    for (const [name, ...details] of pageBlocks) {
      drawLine(page, name, { y, size: 11, font: fonts.for(name, 'bold'), color: INK, width: textWidth });
      y -= LINE;
      for (const line of details) {
        drawLine(page, line, { y, size: 9, font: fonts.for(line), color: INK, width: textWidth });
        y -= LINE;
      }
      y -= BLOCK_GAP;
    }
  });
}

/** One line at the left margin, cut to the width. */
function drawLine(
  page: PDFPage,
  text: string,
  { y, size, font, color, width }: { y: number; size: number; font: PDFFont; color: typeof INK; width: number },
): void {
  page.drawText(fit(sanitize(text, font), font, size, width), { x: MARGIN, y, size, font, color });
}

function signerLines(signer: StampSigner): string[] {
  return [
    signer.name,
    `Representing: ${signer.representing}`,
    ...(signer.title ? [`Title: ${signer.title}`] : []),
    `Signed at: ${utcIso(signer.signedAt)}`,
    `Identification: ${signer.identification}`,
    `Signature fingerprint: ${signer.signatureFingerprint}`,
  ];
}

function utcIso(signedAt: Date | number): string {
  const date = typeof signedAt === 'number' ? new Date(signedAt * 1000) : signedAt;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Draws the footer in the bottom margin of the page as displayed, shrinking it until it fits. A page with /Rotate is
 * shown turned clockwise, so its displayed bottom is another edge of the crop box and the text is turned with it.
 */
function drawFooter(page: PDFPage, text: string, font: PDFFont): void {
  const box = page.getCropBox();
  const turned = ((page.getRotation().angle % 360) + 360) % 360;
  // /Rotate must be a multiple of 90; anything else is drawn as if unrotated.
  const rotation = turned === 90 || turned === 180 || turned === 270 ? turned : 0;
  const across = rotation === 90 || rotation === 270 ? box.height : box.width;
  const available = across - 2 * Math.min(MARGIN, across / 10);
  let size = FOOTER_SIZE;
  while (size > FOOTER_MIN_SIZE && font.widthOfTextAtSize(text, size) > available) size -= 0.5;
  const line = fit(text, font, size, available);
  const inset = (across - font.widthOfTextAtSize(line, size)) / 2;
  const placement = {
    0: { x: box.x + inset, y: box.y + FOOTER_BASELINE },
    90: { x: box.x + box.width - FOOTER_BASELINE, y: box.y + inset },
    180: { x: box.x + box.width - inset, y: box.y + box.height - FOOTER_BASELINE },
    270: { x: box.x + FOOTER_BASELINE, y: box.y + box.height - inset },
  }[rotation];
  page.drawText(line, { ...placement, rotate: degrees(rotation), size, font, color: MUTED });
}

/** Cuts a line to the width with an ellipsis, so a long name or link never runs off the page. */
function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * Drawing a character the font lacks throws. Characters outside it (for Noto Sans: scripts it does not cover, such as
 * Chinese) fall back to their base letter when they have one ('Ọ̀' becomes 'O') and to '?' otherwise; the signature
 * record keeps the exact name.
 */
export function sanitize(text: string, font: PDFFont): string {
  const allowed = characterSet(font);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 0x20 || codePoint === 0x7f) {
      out += ' ';
    } else if (allowed.has(codePoint)) {
      out += char;
    } else {
      // A lone combining mark (one NFC could not compose) is dropped; its letter was already written.
      const base = [...char.normalize('NFKD')].filter((part) => !/\p{M}/u.test(part));
      if (base.length === 0) continue;
      out += base.every((part) => allowed.has(part.codePointAt(0) ?? 0)) ? base.join('') : '?';
    }
  }
  return out;
}
