import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from '@cantoo/pdf-lib';

const run = promisify(execFile);
/** poppler warns on stderr for every object it cannot parse in a damaged file. */
const LOTS = 64 * 1024 * 1024;

/** A scratch folder for PDFs and an NSS database, removed by `close`. */
export class PdfWorkbench {
  private constructor(readonly dir: string) {}

  static async open(): Promise<PdfWorkbench> {
    return new PdfWorkbench(await mkdtemp(join(tmpdir(), 'idflow-pdf-')));
  }

  async write(name: string, bytes: Buffer): Promise<string> {
    const path = join(this.dir, name);
    await writeFile(path, bytes);
    return path;
  }

  /** An NSS database (certutil) trusting each of `caPems` as an issuer of signing certificates; returns its folder. */
  async trustStore(...caPems: string[]): Promise<string> {
    const nssDir = await mkdtemp(join(this.dir, 'nss-'));
    await run('certutil', ['-N', '--empty-password', '-d', nssDir]);
    for (const [index, caPem] of caPems.entries()) {
      const caPath = join(nssDir, `ca-${index}.pem`);
      await writeFile(caPath, caPem);
      // The second trust field is the one for signing (e-mail) certificates, which pdfsig asks NSS to check against.
      await run('certutil', ['-A', '-d', nssDir, '-n', `idflow-${index}`, '-t', 'C,C,', '-i', caPath]);
    }
    return nssDir;
  }

  /** What `pdfsig` prints of a file's signatures; with `nssDir`, the certificates are checked against that store. */
  async pdfsig(bytes: Buffer, nssDir?: string): Promise<string> {
    const path = await this.write('checked.pdf', bytes);
    const args = nssDir ? ['-nssdir', nssDir, path] : [path];
    try {
      return (await run('pdfsig', args, { maxBuffer: LOTS })).stdout;
    } catch (error) {
      // pdfsig exits non-zero for an invalid signature but still prints its report.
      return (error as { stdout?: string }).stdout ?? '';
    }
  }

  async pdftotext(bytes: Buffer): Promise<string> {
    const path = await this.write('text.pdf', bytes);
    return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout;
  }

  close(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }
}

/** The same bytes with one byte flipped inside the content stream of the first page (what the signers read). */
export async function withFirstPageContentChanged(pdf: Buffer): Promise<Buffer> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const contents = document.getPage(0).node.get(PDFName.of('Contents'));
  // The stamper adds the footer as a second stream after the original one.
  const ref = contents instanceof PDFArray ? contents.get(0) : contents;
  if (!(ref instanceof PDFRef)) throw new Error('the first page has no content stream of its own');
  const header = pdf.indexOf(`\n${ref.objectNumber} ${ref.generationNumber} obj`, 0, 'latin1');
  const stream = pdf.indexOf('stream', header, 'latin1');
  if (header < 0 || stream < 0) throw new Error('the first page content stream is not where a plain object would be');
  const changed = Buffer.from(pdf);
  const at = stream + 'stream\n'.length + 8;
  changed[at] ^= 0x01;
  return changed;
}

/** The DER objects of one of the DSS's arrays (`Certs`, `OCSPs`, `CRLs`). */
export async function dssEntries(pdf: Buffer, key: string): Promise<Buffer[]> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const dss = document.catalog.lookupMaybe(PDFName.of('DSS'), PDFDict);
  const array = dss?.lookupMaybe(PDFName.of(key), PDFArray);
  if (!array) return [];
  return array
    .asArray()
    .map((ref) => document.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()));
}
