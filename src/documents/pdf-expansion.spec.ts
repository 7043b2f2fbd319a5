import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { PdfExpansionError, checkPdfExpansion } from './pdf-expansion';

const MIB = 1024 * 1024;

/** A file with one Flate stream of `expanded` zero bytes under the given dictionary entries. */
function withStream(dictionary: string, expanded: number): Buffer {
  const data = deflateSync(Buffer.alloc(expanded));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< ${dictionary} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

describe('checkPdfExpansion', () => {
  it('accepts an ordinary PDF', async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    document.addPage().drawText('A contract', { font, x: 50, y: 700 });
    await expect(checkPdfExpansion(await document.save(), MIB)).resolves.toBeUndefined();
  });

  it('refuses an object stream that inflates beyond the budget', async () => {
    await expect(checkPdfExpansion(withStream('/Type /ObjStm /N 1 /First 4', 2 * MIB), MIB)).rejects.toBeInstanceOf(
      PdfExpansionError,
    );
  });

  it('counts every stream together against the budget', async () => {
    const twice = Buffer.concat([withStream('', 0.6 * MIB), withStream('', 0.6 * MIB)]);
    await expect(checkPdfExpansion(twice, MIB)).rejects.toThrow(/expand to more than 1 MiB/);
    await expect(checkPdfExpansion(withStream('', 0.6 * MIB), MIB)).resolves.toBeUndefined();
  });

  it('leaves images compressed, as parsers do', async () => {
    await expect(
      checkPdfExpansion(withStream('/Type /XObject /Subtype /Image', 2 * MIB), MIB),
    ).resolves.toBeUndefined();
  });

  it('sees an object stream through escaped names, even posing as an image', async () => {
    const disguised = withStream('/Type /Obj#53tm /Subtype /Image /N 1 /First 4', 2 * MIB);
    await expect(checkPdfExpansion(disguised, MIB)).rejects.toBeInstanceOf(PdfExpansionError);
  });
});
