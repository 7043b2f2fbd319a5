import { PDFDocument } from '@cantoo/pdf-lib';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { inspectPdf } from './pdf-inspection';

async function pdfWithPages(count: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < count; i++) document.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return document.save();
}

const MAX_PAGES = 10;

// The smallest valid PNG: the signature and an IHDR chunk are enough to be unmistakably not a PDF.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

describe('inspectPdf', () => {
  it('counts the pages of a PDF', async () => {
    await expect(inspectPdf(await pdfWithPages(2), MAX_PAGES)).resolves.toEqual({ pageCount: 2 });
  });

  it('refuses a PNG and a text file for their missing header', async () => {
    for (const bytes of [PNG, Buffer.from('just some text\n%%EOF\n')]) {
      const error = await inspectPdf(bytes, MAX_PAGES).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotAPdfError);
      expect((error as NotAPdfError).status).toBe(400);
      expect((error as NotAPdfError).reason).toMatch(/%PDF- header/);
    }
  });

  it('refuses an empty file', async () => {
    await expect(inspectPdf(new Uint8Array(), MAX_PAGES)).rejects.toBeInstanceOf(NotAPdfError);
  });

  it('refuses a truncated PDF', async () => {
    const whole = await pdfWithPages(2);
    const truncated = whole.slice(0, Math.floor(whole.length * 0.8));

    await expect(inspectPdf(truncated, MAX_PAGES)).rejects.toThrow(/truncated/);
  });

  it('refuses a file with a PDF header and trailer but nothing parseable in between', async () => {
    await expect(inspectPdf(Buffer.from('%PDF-1.7\nnothing here\n%%EOF\n'), MAX_PAGES)).rejects.toBeInstanceOf(
      NotAPdfError,
    );
  });

  it('refuses an encrypted PDF with a reason saying so', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    document.encrypt({ userPassword: 'user', ownerPassword: 'owner' });

    await expect(inspectPdf(await document.save(), MAX_PAGES)).rejects.toThrow(/encrypted or password-protected/);
  });
});
