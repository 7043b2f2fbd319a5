import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { handWrittenPdf } from './hand-written-pdf';
import { LocalServer } from './local-server';

/** A small real PDF with `pages` pages of text, as an integrator's contract might be. */
export async function makePdf(pages = 2, title = 'Test contract'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595.28, 841.89]);
    page.drawText(`${title}, page ${index + 1}`, { x: 72, y: 760, size: 16, font });
  }
  return Buffer.from(await document.save());
}

/**
 * An integrator's file host on 127.0.0.1: serves whatever bytes a test puts under a path, 404 otherwise. Document
 * tests run with ALLOW_PRIVATE_URLS and ALLOW_INSECURE_URLS so the service may download from it.
 */
export class FileHost {
  private readonly files = new Map<string, { bytes: Buffer; type: string }>();

  private constructor(private readonly server: LocalServer) {}

  static async start(): Promise<FileHost> {
    let host: FileHost | undefined;
    const server = await LocalServer.start((request, response) => {
      const file = (host as FileHost).files.get(request.url ?? '');
      if (!file) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length }).end(file.bytes);
    });
    host = new FileHost(server);
    return host;
  }

  /** Serves `bytes` at `path` and returns its full URL. */
  put(path: string, bytes: Buffer, type = 'application/pdf'): string {
    this.files.set(path, { bytes, type });
    return `${this.server.origin}${path}`;
  }

  url(path: string): string {
    return `${this.server.origin}${path}`;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

/** The objects of a PDF of `pages` blank pages: the catalog, the page tree's one node, then the pages. */
export function blankPageObjects(pages: number): string[] {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
  ];
}

/**
 * A well-formed PDF of `pages` blank pages, a few hundred bytes. Written by hand: pdf-lib adds a blank page when it
 * saves a document without one.
 */
export function makeBlankPdf(pages: number): Buffer {
  return handWrittenPdf(blankPageObjects(pages));
}

/** A real PDF that opens only with a password, as a bank statement might be. */
export async function makeEncryptedPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595.28, 841.89]).drawText('Confidential', { x: 72, y: 760, size: 16, font });
  document.encrypt({ userPassword: 'open-sesame', ownerPassword: 'owner-secret' });
  return Buffer.from(await document.save());
}

/** The text of a PDF as poppler's `pdftotext -layout` reads it, page after page. */
export function pdfToText(pdf: Uint8Array): string {
  const directory = mkdtempSync(join(tmpdir(), 'idflow-pdf-'));
  try {
    const file = join(directory, 'file.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
