import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PDFArray,
  PDFDocument,
  type PDFPage,
  PDFRawStream,
  type PDFStream,
  StandardFonts,
  decodePDFRawStream,
  degrees,
} from '@cantoo/pdf-lib';
import { type StampSigner, sanitize, stampPdf } from './pdf-stamper';

const DOCUMENT_ID = `doc_${'a1B2c3D4'.repeat(5)}`;
const VERIFY_URL = 'https://sign.example.org/verify/doc_a1B2c3D4';

function signer(index: number, overrides: Partial<StampSigner> = {}): StampSigner {
  return {
    name: `Signer Number ${index}`,
    representing: `Company ${index} AS`,
    signedAt: 1_763_770_000 + index,
    identification: `3f2b8c1e-0a4d-4b6f-9c2e-${String(index).padStart(12, '0')}`,
    signatureFingerprint: '9f86d081884c7d65',
    ...overrides,
  };
}

async function original(pageCount: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pageCount; i++) {
    document.addPage([612, 792]).drawText(`Original content on page ${i + 1}`, { x: 72, y: 700, size: 12 });
  }
  return document.save();
}

function contentStreams(page: PDFPage): PDFStream[] {
  const contents = page.node.Contents();
  if (contents instanceof PDFArray) return contents.asArray().map((ref) => page.doc.context.lookup(ref) as PDFStream);
  return contents ? [contents] : [];
}

/** The text drawn with the standard fonts: pdf-lib writes it as `<hex> Tj`, in WinAnsi (Latin-1 for these tests). */
function drawnText(page: PDFPage): string {
  return contentStreams(page)
    .map((stream) =>
      Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()).toString(
        'latin1',
      ),
    )
    .flatMap((content) => [...content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)])
    .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1'))
    .join('\n');
}

/** The text poppler reads from a PDF, in layout order. */
function pdftotext(bytes: Uint8Array): string {
  const directory = mkdtempSync(join(tmpdir(), 'idflow-stamp-'));
  try {
    const file = join(directory, 'stamped.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function hasPdftotext(): boolean {
  try {
    execFileSync('which', ['pdftotext'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('stampPdf', () => {
  it('keeps the original pages and adds one signature page that loads', async () => {
    const stamped = await PDFDocument.load(
      await stampPdf(await original(2), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [signer(1)] }),
    );

    expect(stamped.getPageCount()).toBe(3);
    expect(drawnText(stamped.getPage(0))).toContain('Original content on page 1');
  });

  it('copies the first page with its MediaBox and its original content stream untouched', async () => {
    const source = await PDFDocument.load(await original(1));
    const [sourceStream] = contentStreams(source.getPage(0)) as PDFRawStream[];

    const stamped = await PDFDocument.load(
      await stampPdf(await original(1), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [signer(1)] }),
    );
    const page = stamped.getPage(0);

    expect(page.getMediaBox()).toEqual(source.getPage(0).getMediaBox());
    const rawContents = contentStreams(page).map((stream) => Buffer.from((stream as PDFRawStream).contents));
    expect(rawContents).toContainEqual(Buffer.from(sourceStream.contents));
  });

  it('puts the footer with the document id and the verification link on every page', async () => {
    const stamped = await PDFDocument.load(
      await stampPdf(await original(2), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [signer(1)] }),
    );

    for (const page of stamped.getPages()) {
      expect(drawnText(page)).toContain(`Document ${DOCUMENT_ID} · Verify: ${VERIFY_URL}`);
    }
  });

  it.each([
    [0, (x: number, y: number) => y < 20 && Math.abs(x - 306) < 250],
    [90, (x: number, y: number) => x > 592 && Math.abs(y - 396) < 300],
    [180, (x: number, y: number) => y > 772 && Math.abs(x - 306) < 250],
    [270, (x: number, y: number) => x < 20 && Math.abs(y - 396) < 300],
  ])('draws the footer along the displayed bottom edge of a page rotated by %i', async (angle, nearBottom) => {
    const source = await PDFDocument.create();
    source.addPage([612, 792]).setRotation(degrees(angle));
    const stamped = await PDFDocument.load(
      await stampPdf(await source.save(), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [signer(1)] }),
    );
    const content = contentStreams(stamped.getPage(0))
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    const [, a, b, x, y] = /(\S+) (\S+) \S+ \S+ (\S+) (\S+) Tm/.exec(content) ?? [];

    expect(stamped.getPage(0).getRotation().angle).toBe(angle);
    expect(nearBottom(Number(x), Number(y))).toBe(true);
    // The text matrix turns the baseline by the page's rotation: (cos, sin) of the angle.
    expect([Math.round(Number(a)), Math.round(Number(b))]).toEqual([
      Math.round(Math.cos((angle * Math.PI) / 180)),
      Math.round(Math.sin((angle * Math.PI) / 180)),
    ]);
  });

  it('lists each signer with representing, title, UTC time, identification and fingerprint', async () => {
    const stamped = await PDFDocument.load(
      await stampPdf(await original(1), {
        documentId: DOCUMENT_ID,
        verifyUrl: VERIFY_URL,
        signers: [
          signer(1, { title: 'Chief Executive', signedAt: new Date('2026-11-22T01:02:03.456Z') }),
          signer(2, { signedAt: 1_763_773_323 }),
        ],
      }),
    );
    const text = drawnText(stamped.getPage(1));

    expect(text).toContain('Signer Number 1');
    expect(text).toContain('Representing: Company 1 AS');
    expect(text).toContain('Title: Chief Executive');
    expect(text).toContain('Signed at: 2026-11-22T01:02:03Z');
    expect(text).toContain('Signed at: 2025-11-22T01:02:03Z');
    expect(text).toContain(`Identification: ${signer(2).identification}`);
    expect(text).toContain('Signature fingerprint: 9f86d081884c7d65');
  });

  it('paginates many signers over several signature pages, listing every one', async () => {
    const signers = Array.from({ length: 40 }, (_, index) => signer(index + 1));
    const stamped = await PDFDocument.load(
      await stampPdf(await original(1), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers }),
    );
    const signaturePages = stamped.getPages().slice(1);

    expect(signaturePages.length).toBeGreaterThan(1);
    const text = signaturePages.map(drawnText).join('\n');
    for (const { name } of signers) expect(text).toMatch(new RegExp(`^${name}$`, 'm'));
    expect(text).toContain(`Signatures (page ${signaturePages.length} of ${signaturePages.length})`);
  });

  const withPdftotext = hasPdftotext() ? it : it.skip;
  withPdftotext('prints names in Noto Sans exactly, and replaces characters it lacks instead of throwing', async () => {
    const bytes = await stampPdf(await original(1), {
      documentId: DOCUMENT_ID,
      verifyUrl: VERIFY_URL,
      signers: [
        signer(1, { name: 'Ọláolúwa Adéwálé', representing: 'Ìbàdàn Ltd' }),
        signer(2, { name: 'Анна Сергеевна Иванова' }),
        signer(3, { name: 'Ærøskøbing ✓ 李' }),
      ],
    });
    const text = pdftotext(bytes);

    expect(text).toContain('Ọláolúwa Adéwálé');
    expect(text).toContain('Representing: Ìbàdàn Ltd');
    expect(text).toContain('Анна Сергеевна Иванова');
    expect(text).toContain('Ærøskøbing ? ?');
    expect(text).toContain('Representing: Company 2 AS');
  });

  it('refuses to stamp without signers', async () => {
    await expect(
      stampPdf(await original(1), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [] }),
    ).rejects.toThrow(/at least one signer/);
  });

  it('sanitizes to the base letter, drops lone marks and keeps WinAnsi characters', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

    expect(sanitize('Ọ̀ ✓ 李 é € \u0000', font)).toBe('O ? ? é €  ');
  });

  withPdftotext('is readable by pdftotext (runs only where poppler-utils is installed)', async () => {
    const text = pdftotext(
      await stampPdf(await original(1), { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, signers: [signer(7)] }),
    );

    expect(text).toContain(DOCUMENT_ID);
    expect(text).toContain(VERIFY_URL);
    expect(text).toContain('Signer Number 7');
  });
});
