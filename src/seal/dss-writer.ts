import { PDFDocument, PDFName, type PDFRef } from '@cantoo/pdf-lib';
import type { ValidationData } from './validation-data';

/**
 * Adds a Document Security Store (ETSI EN 319 142-1 5.4, PAdES B-LT) to a sealed PDF as an incremental update: the
 * catalog gains `/DSS` with `/Certs`, `/OCSPs` and `/CRLs`, arrays of streams each holding one DER object. The bytes
 * before the update stay as they are, so every signature in them stays valid.
 */
export async function appendDss(sealed: Uint8Array, data: ValidationData): Promise<Buffer> {
  const document = await PDFDocument.load(sealed, { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = document;
  const streams = (items: Buffer[]) => items.map((item) => context.register(context.flateStream(item)));
  const dss = context.register(
    context.obj({
      Type: 'DSS',
      Certs: streams(data.certs),
      ...(data.ocsps.length > 0 ? { OCSPs: streams(data.ocsps) } : {}),
      ...(data.crls.length > 0 ? { CRLs: streams(data.crls) } : {}),
    }),
  );
  document.catalog.set(PDFName.of('DSS'), dss);
  context.snapshot?.markRefsForSave([context.trailerInfo.Root as PDFRef]);
  return Buffer.from(await document.commit({ useObjectStreams: false }));
}
