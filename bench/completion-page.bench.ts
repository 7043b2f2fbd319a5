/**
 * Certificate-of-completion cost: the stamped PDF is parsed again to append the audit trail's page, on a PDF reading
 * thread after the last signature (before the seal). Stamps text PDFs of N pages, then times appending a
 * page of a dozen events, and prints the median.
 *
 *   npm run bench:completion -- 1 100 1000
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { appendCompletionPage } from '../src/documents/completion-page';
import type { AuditEventView } from '../src/documents/document-audit-trail.service';
import { stampPdf } from '../src/documents/pdf-stamper';

const ROUNDS = 5;
const DOCUMENT_ID = `doc_${'A'.repeat(40)}`;
const VERIFY_URL = 'http://localhost:3000/verify';

async function stampedPdf(pages: number): Promise<Uint8Array> {
  const original = await PDFDocument.create();
  const font = await original.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    original.addPage().drawText(`Page ${index + 1} of the agreement.`, { x: 56, y: 700, size: 10, font });
  }
  return stampPdf(await original.save(), {
    documentId: DOCUMENT_ID,
    verifyUrl: VERIFY_URL,
    signers: [
      {
        name: 'Adaeze Okonkwo',
        representing: 'Self',
        signedAt: 1_795_000_000,
        identification: '0b7e6a4c-3f1d-4b8e-9a2c-5d6f7e8a9b0c',
        signatureFingerprint: '9f86d081884c7d65',
      },
    ],
  });
}

const EVENTS: AuditEventView[] = Array.from({ length: 12 }, (_, index) => ({
  type: index === 0 ? 'created' : 'signed',
  at: new Date(1_795_000_000_000 + index * 1000).toISOString(),
  nin: '*******0001',
  deviceId: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY',
  ip: '198.51.100.4',
  digest: '9f2c1e0a7b3d4c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6',
}));

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((pages) => pages > 0);
  for (const pages of sizes.length > 0 ? sizes : [1, 100, 1000]) {
    const stamped = await stampedPdf(pages);
    const timings: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await appendCompletionPage(stamped, { documentId: DOCUMENT_ID, verifyUrl: VERIFY_URL, events: EVENTS });
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `${pages} pages: completion page median ${timings[Math.floor(ROUNDS / 2)].toFixed(1)} ms over ${ROUNDS}`,
    );
  }
}

void main();
