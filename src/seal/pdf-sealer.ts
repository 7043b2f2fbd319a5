import {
  type PDFContext,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import signpdf from '@signpdf/signpdf';
import type { Signer } from '@signpdf/utils';

/** Bytes reserved for the CMS: the certificates, the signature and a timestamp token with its own certificates. */
const SIGNATURE_BYTES = 16_384;
const PRINT = 4;
const SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY = 3;
/** ETSI EN 319 142-1 5.4.3: a document timestamp's dictionary. */
const SUBFILTER_ETSI_RFC3161 = 'ETSI.RFC3161';

export interface SealRequest {
  /** The claimed signing time, written as the signature dictionary's /M. */
  signingTime: Date;
  /** Who sealed, as the signature dictionary's /Name. */
  name: string;
  reason: string;
  signer: Signer;
}

/**
 * A new signature field, as plain data (it crosses to a PDF reading thread): the service's seal, a signee's own
 * signature, or a document timestamp, the last two under a field name of their own.
 */
export type SignatureField =
  | { kind: 'seal'; signingTime: Date; name: string; reason: string }
  | { kind: 'signature'; fieldName: string; signingTime: Date; name: string; reason: string }
  | { kind: 'document-timestamp'; fieldName: string };

/**
 * Seals finished PDF bytes: an incremental update adds an invisible signature field whose value is a PAdES signature
 * dictionary, then @signpdf fills in the byte ranges and the CMS over every byte but the signature itself. The bytes
 * before the update are kept as they are, so whatever was drawn before the seal is exactly what it covers.
 */
export async function sealPdf(finished: Uint8Array, { signer, ...field }: SealRequest): Promise<Buffer> {
  return signField(await addSignatureField(finished, { kind: 'seal', ...field }), signer);
}

/**
 * Adds a document timestamp (PAdES B-LTA, ETSI EN 319 142-1 5.4.3) as a further incremental update: its /Contents is
 * an RFC 3161 token, which `timestamper` obtains over the byte ranges, so it covers every byte before it, the
 * signatures and the DSS included. The field has no widget on a page: nothing a reader sees changes.
 */
export async function timestampPdf(sealed: Uint8Array, fieldName: string, timestamper: Signer): Promise<Buffer> {
  return signField(await addSignatureField(sealed, { kind: 'document-timestamp', fieldName }), timestamper);
}

/** Fills in the byte ranges and the CMS of the field `addSignatureField` added last. */
export function signField(prepared: Uint8Array, signer: Signer): Promise<Buffer> {
  return signpdf.sign(Buffer.from(prepared), signer);
}

/** The signature dictionary of a field, its byte range and /Contents left as placeholders. */
function dictionaryOf(field: SignatureField, context: PDFContext): Record<string, PDFObject | string> {
  if (field.kind === 'document-timestamp') {
    return { Type: 'DocTimeStamp', SubFilter: SUBFILTER_ETSI_RFC3161, ...signatureValue(context) };
  }
  return {
    Type: 'Sig',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    M: PDFString.fromDate(field.signingTime),
    Name: PDFString.of(field.name),
    Reason: PDFString.of(field.reason),
    ...signatureValue(context),
  };
}

/** The byte range and /Contents placeholders that @signpdf fills in, after the dictionary's other keys. */
function signatureValue(context: PDFContext): Record<string, PDFObject | string> {
  const placeholder = PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER);
  return {
    Filter: 'Adobe.PPKLite',
    ByteRange: context.obj([PDFNumber.of(0), placeholder, placeholder, placeholder]),
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_BYTES * 2)),
  };
}

/**
 * The file with the new, unsigned field as an incremental update. It parses the whole file, which takes a while on a
 * long document, so DocumentSealService has it done where SealPdfUpdates says (a PDF reading thread in the server).
 */
export async function addSignatureField(bytes: Uint8Array, field: SignatureField): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { forIncrementalUpdate: true, updateMetadata: false });
  const { context } = document;
  const signature = context.register(context.obj(dictionaryOf(field, context)));
  // A signature's widget is an annotation of the last page, as it usually is; a document timestamp's is not.
  const page: PDFPage | undefined =
    field.kind === 'document-timestamp' ? undefined : document.getPage(document.getPageCount() - 1);
  const widget = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signature,
      T: PDFString.of(field.kind === 'seal' ? 'idflow seal' : field.fieldName),
      F: PRINT,
      ...(page ? { P: page.ref } : {}),
    }),
  );
  page?.node.addAnnot(widget);
  // The fields signed before stay in the form: a validator finds every signature through /AcroForm.
  const earlier = document.catalog
    .lookupMaybe(PDFName.of('AcroForm'), PDFDict)
    ?.lookupMaybe(PDFName.of('Fields'), PDFArray);
  document.catalog.set(
    PDFName.of('AcroForm'),
    context.obj({ SigFlags: SIG_FLAGS_SIGNATURES_EXIST_APPEND_ONLY, Fields: [...(earlier?.asArray() ?? []), widget] }),
  );
  context.snapshot?.markRefsForSave([...(page ? [page.ref] : []), context.trailerInfo.Root as PDFRef]);
  // The signature dictionary must stay a plain object: inside an object stream its /Contents could not be filled in.
  return document.commit({ useObjectStreams: false });
}
