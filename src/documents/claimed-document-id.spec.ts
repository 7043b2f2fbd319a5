import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { stampPdf } from './pdf-stamper';
import { claimedDocumentId } from './claimed-document-id';

const DOC_ID = `doc_${'a1B2'.repeat(10)}`;

async function plainPdf(text: string, title?: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  if (title) document.setTitle(title);
  const page = document.addPage([300, 300]);
  page.drawText(text, { x: 20, y: 150, size: 10, font: await document.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await document.save());
}

async function stamped(): Promise<Buffer> {
  const signer = {
    name: 'A',
    representing: 'Self',
    signedAt: 1_700_000_000,
    identification: 'u',
    signatureFingerprint: 'f',
  };
  return Buffer.from(
    await stampPdf(await plainPdf('Contract'), {
      documentId: DOC_ID,
      verifyUrl: 'https://x/verify',
      signers: [signer],
    }),
  );
}

describe('claimedDocumentId', () => {
  it('reads the id from the Title the stamp sets', async () => {
    await expect(claimedDocumentId(await stamped())).resolves.toBe(DOC_ID);
  });

  it('finds the id in the footer text when the Title was changed', async () => {
    const retitled = await PDFDocument.load(await stamped());
    retitled.setTitle('Something else');
    await expect(claimedDocumentId(await retitled.save())).resolves.toBe(DOC_ID);
  });

  it('finds the id in the bytes of a file too damaged to parse', async () => {
    const damaged = Buffer.from(`%PDF-1.7\ngarbage (Document ${DOC_ID}) Tj\n%%EOF\n`, 'latin1');
    await expect(claimedDocumentId(damaged)).resolves.toBe(DOC_ID);
  });

  it('ignores text that only looks like an id', async () => {
    await expect(claimedDocumentId(await plainPdf(`Document ${DOC_ID}x`, 'A contract'))).resolves.toBeNull();
    await expect(claimedDocumentId(await plainPdf('No id here'))).resolves.toBeNull();
  });
});
