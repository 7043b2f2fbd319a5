import { PDFDocument, PDFHexString, PDFName, PDFNumber, type PDFRef, PDFString } from '@cantoo/pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import signpdf from '@signpdf/signpdf';
import type { Signer } from '@signpdf/utils';

/** Bytes reserved for the CMS: the certificates, the signature and a timestamp token with its own certificates. */
const SIGNATURE_BYTES = 16_384;
const PRINT = 4;
const SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY = 3;

export interface SealRequest {
  /** The claimed signing time, written as the signature dictionary's /M. */
  signingTime: Date;
  /** Who sealed, as the signature dictionary's /Name. */
  name: string;
  reason: string;
  signer: Signer;
}

/**
 * Seals finished PDF bytes: an incremental update adds an invisible signature field whose value is a PAdES signature
 * dictionary, then @signpdf fills in the byte ranges and the CMS over every byte but the signature itself. The bytes
 * before the update are kept as they are, so whatever was drawn before the seal is exactly what it covers.
 */
export async function sealPdf(finished: Uint8Array, request: SealRequest): Promise<Buffer> {
  const document = await PDFDocument.load(finished, { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = document;
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  const signature = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
      ByteRange: [PDFNumber.of(0), placeholder, placeholder, placeholder],
      Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
      M: PDFString.fromDate(request.signingTime),
      Name: PDFString.of(request.name),
      Reason: PDFString.of(request.reason),
    }),
  );
  const page = document.getPage(document.getPageCount() - 1);
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signature,
      T: PDFString.of('idflow seal'),
      F: PRINT,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widget);
  document.catalog.set(
    PDFName.of('AcroForm'),
    context.obj({ SigFlags: SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY, Fields: [widget] }),
  );
  context.snapshot?.markRefsForSave([page.ref, context.trailerInfo.Root as PDFRef]);
  // The signature dictionary must stay a plain object: inside an object stream its /Contents could not be filled in.
  const prepared = await document.commit({ useObjectStreams: false });
  return signpdf.sign(Buffer.from(prepared), request.signer);
}
