import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { AuditEventView } from './document-audit-trail.service';
import { sanitize } from './pdf-stamper';

export interface CompletionRecord {
  documentId: string;
  verifyUrl: string;
  events: AuditEventView[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SIZE = 8;
const LINE = 11;
const EVENT_GAP = 5;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

/**
 * Appends the certificate of completion: the document's audit trail up to the stamp, one numbered block per event,
 * on as many pages as it takes, after the signature pages and before the seal (which covers it).
 */
export async function appendCompletionPage(stamped: Uint8Array, record: CompletionRecord): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(stamped, { updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  const blocks = record.events.map((event, index) => eventLines(event, index + 1, regular, width));
  let page = startPage(pdf, record, bold, regular);
  let y = A4[1] - MARGIN - 3 * LINE - EVENT_GAP;
  for (const lines of blocks) {
    if (y - lines.length * LINE < MARGIN) {
      page = startPage(pdf, record, bold, regular);
      y = A4[1] - MARGIN - 3 * LINE - EVENT_GAP;
    }
    lines.forEach((line, at) => {
      const font = at === 0 ? bold : regular;
      page.drawText(line, { x: MARGIN, y, size: SIZE, font, color: at === 0 ? INK : MUTED });
      y -= LINE;
    });
    y -= EVENT_GAP;
  }
  return pdf.save();
}

function startPage(pdf: PDFDocument, record: CompletionRecord, bold: PDFFont, regular: PDFFont): PDFPage {
  const page = pdf.addPage(A4);
  const top = A4[1] - MARGIN;
  page.drawText('Certificate of completion', { x: MARGIN, y: top, size: 14, font: bold, color: INK });
  const subtitle = sanitize(`Document ${record.documentId} · audit trail · verify at ${record.verifyUrl}`, regular);
  page.drawText(subtitle, { x: MARGIN, y: top - 1.5 * LINE, size: SIZE, font: regular, color: MUTED });
  return page;
}

/** `1. signed 2026-11-24T21:30:01.123Z`, then who, from where, the digest and any reason, wrapped to the width. */
function eventLines(event: AuditEventView, number: number, font: PDFFont, width: number): string[] {
  const who = [
    event.nin ? `NIN ${event.nin}` : null,
    event.deviceId ? `device ${event.deviceId}` : null,
    event.ip ? `IP ${event.ip}` : null,
  ].filter((part): part is string => part !== null);
  return [
    `${number}. ${event.type} ${event.at}`,
    ...(who.length > 0 ? [who.join(' · ')] : []),
    `SHA-256 ${event.digest}`,
    ...(event.reason ? wrap(sanitize(`Reason: ${event.reason}`, font), font, width) : []),
  ];
}

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
