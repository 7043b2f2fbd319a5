/**
 * Stamping and sealing cost: the last signature of a document makes the stamped PDF and seals it inside the
 * transaction that completes it, so their time is time the document's row stays locked. Builds text PDFs of N pages,
 * stamps each with two signers (as the service does), then seals each stamped file with the service's own seal at each
 * PAdES level against a timestamp authority and seal CA responder on loopback: B-B, B-T (the signature timestamped),
 * B-LT (the chains' certificates and OCSP answers added in a DSS) and B-LTA (then a document timestamp over it all).
 * Prints the median time of each, its ratio to a one-second budget, and each level's ratio to B-B measured in the
 * same run, the extra cost of long-term validation.
 *
 *   npm run bench:stamping -- 1 100 1000
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { stampPdf } from '../src/documents/pdf-stamper';
import { SEAL_LEVELS, SealLevels, type SealLevel } from './support/seal-levels';

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

const median = (timings: number[]) => [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)];

async function main(): Promise<void> {
  const seals = await SealLevels.start('idflow bench');
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((pages) => pages > 0);
  for (const pages of sizes.length > 0 ? sizes : [2, 50, 300]) {
    const original = await textPdf(pages);
    const timings: number[] = [];
    const sealTimings = new Map<SealLevel, number[]>(SEAL_LEVELS.map((level) => [level, []]));
    const sealedBytes = new Map<SealLevel, number>();
    let stampedBytes = 0;
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
      // Each level in turn within a round, so that a slower minute of the machine weighs on all of them alike.
      for (const level of SEAL_LEVELS) {
        const sealStarted = performance.now();
        const sealed = await seals.seal(level, stamped, `doc_bench_${pages}_${round}`);
        sealTimings.get(level)!.push(performance.now() - sealStarted);
        sealedBytes.set(level, sealed.bytes.byteLength);
      }
    }
    const stampMedian = median(timings);
    console.log(
      `${pages} pages (${(original.byteLength / 1024).toFixed(0)} KiB -> ${(stampedBytes / 1024).toFixed(0)} KiB): ` +
        `median ${stampMedian.toFixed(1)} ms over ${ROUNDS} stamps, ratio ${(stampMedian / BUDGET_MS).toFixed(3)} to ${BUDGET_MS} ms`,
    );
    const baseline = median(sealTimings.get('B-B')!);
    for (const level of SEAL_LEVELS) {
      const levelMedian = median(sealTimings.get(level)!);
      console.log(
        `${pages} pages sealed at ${level.padEnd(5)} (-> ${(sealedBytes.get(level)! / 1024).toFixed(0)} KiB): ` +
          `median ${levelMedian.toFixed(1)} ms over ${ROUNDS} seals, ratio ${(levelMedian / BUDGET_MS).toFixed(3)} to ` +
          `${BUDGET_MS} ms, ${(levelMedian / baseline).toFixed(2)} x B-B`,
      );
    }
  }
  await seals.close();
}

void main();
