/**
 * Stamping cost: the last signature of a document makes the stamped PDF inside the transaction that completes it, so
 * its time is time the document's row stays locked. Builds text PDFs of N pages, stamps each with two signers (as the
 * service does), then seals each stamped file with a sandbox seal (the PAdES signature, the last step), and prints
 * the median time of each and its ratio to a one-second budget.
 *
 *   npm run bench:stamping -- 1 100 1000
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { stampPdf } from '../src/documents/pdf-stamper';
import { CadesSigner } from '../src/seal/cades-signer';
import { certificatesFromPem } from '../src/seal/pem';
import { sealPdf } from '../src/seal/pdf-sealer';
import { makeSandboxSeal } from '../src/seal/sandbox-seal';
import { importSealKey } from '../src/seal/seal-private-key';

const BUDGET_MS = 1000;
const ROUNDS = 5;

async function textPdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595.28, 841.89]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`Clause ${index + 1}.${line + 1}: the parties agree to the terms set out here.`, {
        x: 56,
        y: 780 - line * 18,
        size: 10,
        font,
      });
    }
  }
  return document.save();
}

/** A seal signer as the service makes it without an operator's PKCS#12. */
async function sandboxSigner(): Promise<CadesSigner> {
  const sandbox = await makeSandboxSeal('idflow bench');
  const [certificate] = certificatesFromPem(sandbox.certificatePem);
  const chain = certificatesFromPem(sandbox.caPem);
  const privateKey = await importSealKey(Buffer.from(sandbox.privateKey, 'base64'), certificate);
  return new CadesSigner({ certificate, chain, privateKey, trustAnchors: chain });
}

const median = (timings: number[]) => [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];

async function main(): Promise<void> {
  const signer = await sandboxSigner();
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((pages) => pages > 0);
  for (const pages of sizes.length > 0 ? sizes : [2, 50, 300]) {
    const original = await textPdf(pages);
    const timings: number[] = [];
    const sealTimings: number[] = [];
    let stampedBytes = 0;
    let sealedBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const stamped = await stampPdf(original, {
        documentId: `doc_${'A'.repeat(40)}`,
        verifyUrl: 'http://localhost:3000/verify',
        signers: ['Adaeze Okonkwo', 'Babajide Adeyemi'].map((name, index) => ({
          name,
          representing: 'Self',
          signedAt: 1_795_000_000 + index,
          identification: '0b7e6a4c-3f1d-4b8e-9a2c-5d6f7e8a9b0c',
          signatureFingerprint: '9f86d081884c7d65',
        })),
      });
      timings.push(performance.now() - started);
      stampedBytes = stamped.byteLength;
      const sealStarted = performance.now();
      const sealed = await sealPdf(stamped, { signingTime: new Date(), name: 'idflow bench', reason: 'bench', signer });
      sealTimings.push(performance.now() - sealStarted);
      sealedBytes = sealed.byteLength;
    }
    const stampMedian = median(timings);
    const sealMedian = median(sealTimings);
    console.log(
      `${pages} pages (${(original.byteLength / 1024).toFixed(0)} KiB -> ${(stampedBytes / 1024).toFixed(0)} KiB): ` +
        `median ${stampMedian.toFixed(1)} ms over ${ROUNDS} stamps, ratio ${(stampMedian / BUDGET_MS).toFixed(3)} to ${BUDGET_MS} ms`,
    );
    console.log(
      `${pages} pages sealed (-> ${(sealedBytes / 1024).toFixed(0)} KiB): median ${sealMedian.toFixed(1)} ms over ` +
        `${ROUNDS} seals, ratio ${(sealMedian / BUDGET_MS).toFixed(3)} to ${BUDGET_MS} ms`,
    );
  }
}

void main();
