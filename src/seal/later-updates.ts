import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { isWellFormed, signatureRanges } from './signature-ranges';

const OBJECT_HEADER = /(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b/g;
const END_OF_FILE = '%%EOF';

/** An incremental update after a signature: `dss` adds or extends the DSS, `document-timestamp` adds one. */
export interface LaterUpdate {
  kind: 'dss' | 'document-timestamp';
  /** Where the update ends in the file. */
  end: number;
}

/** The file as it stood at a given length (a revision); loaded once per check, as several signatures ask for it. */
type RevisionLoader = (end: number) => Promise<PDFDocument>;

/**
 * For each well-formed signature of the file, by where its signed bytes end: its later updates when each only adds
 * validation data or a document timestamp, null when one does anything else. It loads every revision with pdf-lib, so
 * for a file from outside it runs on a PDF reading thread, under its budget; the answer is plain data for that reason.
 */
export type UpdatesAfterSignatures = Record<number, LaterUpdate[] | null>;

export async function updatesAfterSignatures(pdf: Buffer): Promise<UpdatesAfterSignatures> {
  const revisions = new Map<number, Promise<PDFDocument>>();
  const load: RevisionLoader = (end) => {
    const known = revisions.get(end) ?? PDFDocument.load(pdf.subarray(0, end), { updateMetadata: false });
    revisions.set(end, known);
    return known;
  };
  const updates: UpdatesAfterSignatures = {};
  for (const range of signatureRanges(pdf)) {
    if (!isWellFormed(pdf, range) || range.signedEnd in updates) continue;
    updates[range.signedEnd] = (await validationOnlyUpdates(pdf, range.signedEnd, load)) ?? null;
  }
  return updates;
}

/**
 * The incremental updates after a signature's signed bytes, when each adds validation data (/DSS) or a document
 * timestamp and nothing a reader would see: it defines new objects and the catalog again, the catalog unchanged but
 * for `/DSS` and for `/AcroForm` gaining document timestamp fields, and nothing inside an object stream (whose
 * objects could not be seen here). Undefined when any update does anything else: a change made after the signature.
 */
async function validationOnlyUpdates(
  pdf: Buffer,
  signedEnd: number,
  load: RevisionLoader,
): Promise<LaterUpdate[] | undefined> {
  const ends = revisionEnds(pdf, signedEnd);
  if (!ends) return undefined;
  const updates: LaterUpdate[] = [];
  let start = signedEnd;
  try {
    for (const end of ends) {
      const kind = updateKind(pdf.subarray(start, end).toString('latin1'), await load(start), await load(end));
      if (!kind) return undefined;
      updates.push({ kind, end });
      start = end;
    }
  } catch {
    return undefined;
  }
  return updates;
}

/** Where each update after `signedEnd` ends; undefined when bytes follow the last %%EOF (a change of their own). */
function revisionEnds(pdf: Buffer, signedEnd: number): number[] | undefined {
  if (signedEnd === pdf.length) return [];
  const ends: number[] = [];
  for (
    let at = pdf.indexOf(END_OF_FILE, signedEnd, 'latin1');
    at >= 0;
    at = pdf.indexOf(END_OF_FILE, at + 1, 'latin1')
  ) {
    ends.push(at + END_OF_FILE.length);
  }
  const last = ends.pop();
  if (last === undefined || !/^\s*$/.test(pdf.toString('latin1', last))) return undefined;
  return [...ends, pdf.length];
}

function updateKind(update: string, before: PDFDocument, after: PDFDocument): LaterUpdate['kind'] | undefined {
  if (/\/ObjStm\b/.test(update)) return undefined;
  const catalogRef = before.context.trailerInfo.Root;
  if (!(catalogRef instanceof PDFRef) || after.context.trailerInfo.Root !== catalogRef) return undefined;
  for (const [, number, generation] of update.matchAll(OBJECT_HEADER)) {
    const ref = PDFRef.of(Number(number), Number(generation));
    if (ref !== catalogRef && before.context.lookup(ref) !== undefined) return undefined;
  }
  const dss = PDFName.of('DSS');
  const acroForm = PDFName.of('AcroForm');
  const others = (document: PDFDocument) => entries(document.catalog, [dss, acroForm]);
  if (others(before) !== others(after)) return undefined;
  const timestamps = addedDocumentTimestamps(before, after);
  if (timestamps === undefined) return undefined;
  if (timestamps > 0) return 'document-timestamp';
  return String(before.catalog.get(dss)) !== String(after.catalog.get(dss)) ? 'dss' : undefined;
}

/** How many document timestamp fields the form gained; undefined when it changed in any other way. */
function addedDocumentTimestamps(before: PDFDocument, after: PDFDocument): number | undefined {
  const form = (document: PDFDocument) => document.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  const [was, is] = [form(before), form(after)];
  if (!is) return was ? undefined : 0;
  const fields = PDFName.of('Fields');
  if (was && entries(was, [fields]) !== entries(is, [fields])) return undefined;
  const list = (dict: PDFDict | undefined) => dict?.lookupMaybe(fields, PDFArray)?.asArray().map(String) ?? [];
  const [earlier, now] = [list(was), list(is)];
  if (earlier.some((field, index) => now[index] !== field)) return undefined;
  const added = is.lookupMaybe(fields, PDFArray)?.asArray().slice(earlier.length) ?? [];
  for (const field of added) {
    const widget = after.context.lookup(field);
    const value = widget instanceof PDFDict ? widget.lookupMaybe(PDFName.of('V'), PDFDict) : undefined;
    if (value?.get(PDFName.of('Type')) !== PDFName.of('DocTimeStamp')) return undefined;
  }
  return added.length;
}

/** A dictionary's entries but `except`, as text to compare. */
function entries(dict: PDFDict, except: PDFName[]): string {
  return dict
    .keys()
    .filter((key) => !except.includes(key))
    .map((key) => `${key.toString()}=${String(dict.get(key))}`)
    .join('\n');
}
