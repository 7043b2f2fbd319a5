import { randomPositiveInteger } from './random-positive-integer';

describe('randomPositiveInteger (serial numbers, timestamp nonces)', () => {
  it('is a positive INTEGER in minimal DER whatever the random bytes, so OpenSSL reads every certificate and request', () => {
    // A first byte of 0x00 before a byte below 0x80 is the padding OpenSSL refuses; 0x80 and up would be negative.
    // Checked together after the draws: 12,000 separate expectations took most of the suite's 3 s.
    const heads = Array.from({ length: 4000 }, () =>
      Buffer.from(randomPositiveInteger(16).toBER(false)).subarray(0, 3),
    );
    expect(new Set(heads.map(([tag, length]) => `${tag}/${length}`))).toEqual(new Set(['2/16']));
    const firstBytes = new Set(heads.map(([, , first]) => first));
    expect([...firstBytes].filter((first) => first < 0x40 || first >= 0x80)).toEqual([]);
    expect(firstBytes.size).toBe(64);
  });
});
