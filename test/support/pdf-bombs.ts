import { constants, deflateRawSync } from 'node:zlib';
import { handWrittenPdf } from './hand-written-pdf';
import { blankPageObjects } from './pdf-fixtures';

const MIB = 1024 * 1024;

/**
 * A zlib stream of `mebibytes` MiB of zero bytes, made without holding them: one MiB deflated up to a full flush is
 * independent of what came before, so its bytes can be repeated, then closed by a final empty block and the Adler-32
 * of that many zeros.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mebibytes * MIB) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mebibytes }, () => piece),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
}

/** One page, and an object stream the parser decodes at load, with these dictionary entries and data. */
export function withObjectStream(dictionary: string, data: Buffer): Buffer {
  const stream = Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First 4 ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  return handWrittenPdf([...blankPageObjects(1), stream]);
}

/** An object stream of `mebibytes` MiB of zeros, hex-encoded over Flate: the filter is not `/FlateDecode` alone. */
export function hexFlateBomb(mebibytes: number): Buffer {
  const hex = Buffer.from(deflatedZeros(mebibytes).toString('hex') + '>', 'latin1');
  return withObjectStream('/Filter [/ASCIIHexDecode /FlateDecode]', hex);
}

/** An object stream of `mebibytes` MiB of zeros whose `/Filter` sits 70 KB before its data. */
export function farFilterBomb(mebibytes: number): Buffer {
  return withObjectStream(`/Filter /FlateDecode /Padding (${'x'.repeat(70_000)})`, deflatedZeros(mebibytes));
}

/**
 * A page tree `depth` levels deep whose every node lists the next one `fanOut` times: fanOut^depth pages in a few KB,
 * all of them one page object.
 */
export function sharedNodeBomb(fanOut: number, depth: number): Buffer {
  const count = fanOut ** depth;
  const nodes = Array.from({ length: depth }, (_, level) => {
    const kids = Array.from({ length: fanOut }, () => `${level + 3} 0 R`).join(' ');
    return `<< /Type /Pages /Kids [${kids}] /Count ${count / fanOut ** level} >>`;
  });
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    ...nodes,
    `<< /Type /Page /Parent ${depth + 1} 0 R /MediaBox [0 0 595 842] >>`,
  ]);
}

/** A page tree whose second node lists the root among its kids. */
export function cyclicPageTree(): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ]);
}

/**
 * A first revision whose signature dictionary has a well-formed /ByteRange over the whole revision, then an incremental
 * update holding an object stream of `mebibytes` MiB of zeros: what a PAdES check parses when it reads the revisions
 * after a signature.
 */
export function bombAfterSignature(mebibytes: number): Buffer {
  const contents = `<${'0'.repeat(64)}>`;
  const placeholder = '/ByteRange [0 0000000000 0000000000 0000000000]';
  const signed = handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] /SigFlags 3 >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /FT /Sig /T (Signature1) /V << /Type /Sig /Filter /Adobe.PPKLite ${placeholder} /Contents ${contents} >> >>`,
  ]).toString('latin1');
  const firstLength = signed.indexOf(contents);
  const secondStart = firstLength + contents.length;
  const pad = (value: number) => String(value).padStart(10, '0');
  const byteRange = `/ByteRange [0 ${pad(firstLength)} ${pad(secondStart)} ${pad(signed.length - secondStart)}]`;
  const data = deflatedZeros(mebibytes);
  return Buffer.concat([
    Buffer.from(signed.replace(placeholder, byteRange), 'latin1'),
    Buffer.from(`5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}
