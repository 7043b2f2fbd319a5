import { deflateSync } from 'node:zlib';
import { PDFContext, PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { meterPdfDecoding } from './pdf-lib-decoding';

const MIB = 1024 * 1024;

function rawStream(filters: string[], contents: Uint8Array): PDFRawStream {
  const context = PDFContext.create();
  const dict = context.obj({ Filter: filters.map((name) => PDFName.of(name)) });
  return PDFRawStream.of(dict, contents);
}

describe('meterPdfDecoding', () => {
  let spent = 0;
  let limit = Infinity;
  beforeAll(() =>
    meterPdfDecoding((bytes) => {
      spent += bytes;
      if (spent > limit) throw new Error('over the limit');
    }),
  );
  beforeEach(() => {
    spent = 0;
    limit = Infinity;
  });

  it('counts the room a Flate stream decodes into', () => {
    const decoded = decodePDFRawStream(rawStream(['FlateDecode'], deflateSync(Buffer.alloc(3 * MIB)))).decode();
    expect(decoded.length).toBe(3 * MIB);
    expect(spent).toBeGreaterThanOrEqual(3 * MIB);
    expect(spent).toBeLessThanOrEqual(4 * MIB);
  });

  it('counts every stage of a filter chain, whatever the filters', () => {
    const twice = deflateSync(deflateSync(Buffer.alloc(2 * MIB)));
    const hex = Buffer.from(twice.toString('hex') + '>', 'latin1');
    decodePDFRawStream(rawStream(['ASCIIHexDecode', 'FlateDecode', 'FlateDecode'], hex)).decode();
    expect(spent).toBeGreaterThanOrEqual(2 * MIB + twice.length);
  });

  it('stops the decoding at the first growth the meter refuses', () => {
    limit = MIB;
    const stream = decodePDFRawStream(rawStream(['FlateDecode'], deflateSync(Buffer.alloc(64 * MIB))));
    expect(() => stream.decode()).toThrow('over the limit');
    expect(spent).toBeLessThanOrEqual(2 * MIB);
  });
});
