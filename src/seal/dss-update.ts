import { PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';

const OBJECT_HEADER = /(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b/g;

/**
 * Whether the bytes after a signature's signed ranges are an incremental update that adds validation data and
 * nothing a reader would see: it defines new objects and the catalog again, the catalog unchanged but for `/DSS`,
 * and nothing inside an object stream (whose objects could not be seen here). Anything else counts as a change made
 * after the signature.
 */
export async function isDssOnlyUpdate(pdf: Buffer, signedEnd: number): Promise<boolean> {
  const tail = pdf.subarray(signedEnd).toString('latin1');
  // One update exactly: anything appended after it is a change of its own.
  const oneUpdate = /%%EOF\s*$/.test(tail) && tail.split('%%EOF').length === 2;
  if (!oneUpdate || /\/ObjStm\b/.test(tail)) return false;
  try {
    const [revision, whole] = await Promise.all([
      PDFDocument.load(pdf.subarray(0, signedEnd), { updateMetadata: false }),
      PDFDocument.load(pdf, { updateMetadata: false }),
    ]);
    const catalogRef = revision.context.trailerInfo.Root;
    if (!(catalogRef instanceof PDFRef) || whole.context.trailerInfo.Root !== catalogRef) return false;
    for (const [, number, generation] of tail.matchAll(OBJECT_HEADER)) {
      const ref = PDFRef.of(Number(number), Number(generation));
      if (ref !== catalogRef && revision.context.lookup(ref) !== undefined) return false;
    }
    const before = revision.catalog;
    const after = whole.catalog;
    if (!after.has(PDFName.of('DSS'))) return false;
    const keys = (dict: typeof before) => dict.keys().filter((key) => key !== PDFName.of('DSS'));
    const changed = (dict: typeof before) => keys(dict).map((key) => `${key.toString()}=${String(dict.get(key))}`);
    return changed(before).join('\n') === changed(after).join('\n');
  } catch {
    return false;
  }
}
