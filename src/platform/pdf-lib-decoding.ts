import { PDFContext, PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';

/** The part of pdf-lib's `DecodeStream`, the base of every filter's decoder, that the meter wraps. */
interface DecodeStream {
  buffer: Uint8Array;
  ensureBuffer: (this: DecodeStream, requested: number) => Uint8Array;
}

// A valid two-byte zlib header, so that the Flate decoder, which reads it when made, can be made.
const DECODERS = {
  FlateDecode: [0x78, 0x9c],
  LZWDecode: [],
  RunLengthDecode: [],
  ASCIIHexDecode: [],
  ASCII85Decode: [],
};

/**
 * pdf-lib decodes a file's object and cross-reference streams while it loads, whatever their filter chain, and offers
 * no bound on how far they expand. Each of its decoders grows its output through `DecodeStream.ensureBuffer` before
 * writing into it, so that is the one place where what is actually decoded can be counted, and refused, whatever the
 * filter. The class is not exported: it is reached as the prototype every filter's decoder shares, which is checked,
 * so that a pdf-lib that decodes otherwise stops the meter's installation rather than slipping past it.
 */
function decodeStreamPrototype(): DecodeStream {
  const context = PDFContext.create();
  const prototypes = Object.entries(DECODERS).map(([filter, contents]) => {
    const stream = PDFRawStream.of(context.obj({ Filter: PDFName.of(filter) }), new Uint8Array(contents));
    return Object.getPrototypeOf(Object.getPrototypeOf(decodePDFRawStream(stream))) as Partial<DecodeStream>;
  });
  const [prototype] = prototypes;
  if (typeof prototype.ensureBuffer !== 'function' || prototypes.some((other) => other !== prototype)) {
    throw new Error(
      "pdf-lib's decoders no longer share DecodeStream.ensureBuffer: the decode meter cannot be installed",
    );
  }
  return prototype as DecodeStream;
}

/**
 * From now on, in this thread, tells `spend` by how many bytes each of pdf-lib's decoders grows its output buffer,
 * each time it does; `spend` throws to stop the decoding. The buffer grows by doubling, so the growth that overruns a
 * budget is at most the budget again, and is dropped with the stream. Installed once per thread.
 */
export function meterPdfDecoding(spend: (bytes: number) => void): void {
  const prototype = decodeStreamPrototype();
  const ensureBuffer = prototype.ensureBuffer;
  prototype.ensureBuffer = function metered(requested) {
    const before = this.buffer.byteLength;
    const buffer = ensureBuffer.call(this, requested);
    if (buffer.byteLength > before) spend(buffer.byteLength - before);
    return buffer;
  };
}
