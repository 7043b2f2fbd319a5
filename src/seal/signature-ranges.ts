const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Where one signature of a PDF sits: its /ByteRange, and the offset of that /ByteRange in the file. */
export interface SignatureRange {
  /** Offset of the `/ByteRange` text, which the rest of the signature dictionary surrounds. */
  at: number;
  start: number;
  firstLength: number;
  secondStart: number;
  secondLength: number;
  /** Where the signed bytes end: everything after is a later incremental update. */
  signedEnd: number;
}

/** Every signature's byte range, in the order they appear in the file (oldest first, as each update appends). */
export function signatureRanges(pdf: Buffer): SignatureRange[] {
  return [...pdf.toString('latin1').matchAll(BYTE_RANGE)].map((match) => {
    const [start, firstLength, secondStart, secondLength] = match.slice(1, 5).map(Number);
    return { at: match.index, start, firstLength, secondStart, secondLength, signedEnd: secondStart + secondLength };
  });
}

/**
 * Whether the range is one a signature of the file can have: from the file's start, around /Contents' angle brackets,
 * and within the file. Only such a signature's later updates are worth reading.
 */
export function isWellFormed(pdf: Buffer, range: SignatureRange): boolean {
  return (
    range.start === 0 &&
    range.firstLength < range.secondStart &&
    range.signedEnd <= pdf.length &&
    pdf[range.firstLength] === 0x3c && // '<'
    pdf[range.secondStart - 1] === 0x3e // '>'
  );
}

/** The hex text of /Contents between its angle brackets, as the byte range leaves it out. */
export function contentsHex(pdf: Buffer, range: SignatureRange): string {
  return pdf.toString('latin1', range.firstLength + 1, range.secondStart - 1);
}

/** The decoded /Contents of the file's last signature, zero padding included (what a VRI key is a digest of). */
export function lastSignatureContents(pdf: Buffer): Buffer {
  const last = signatureRanges(pdf).pop();
  if (!last) throw new Error('the file carries no signature');
  return Buffer.from(contentsHex(pdf, last), 'hex');
}
