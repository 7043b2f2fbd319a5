import { randomPositiveInteger } from './random-positive-integer';

describe('randomPositiveInteger (serial numbers, timestamp nonces)', () => {
  it('is a positive INTEGER in minimal DER whatever the random bytes, so OpenSSL reads every certificate and request', () => {
    // A first byte of 0x00 before a byte below 0x80 is the padding OpenSSL refuses; 0x80 and up would be negative.
    const firstBytes = new Set<number>();
    for (let draw = 0; draw < 4000; draw += 1) {
      const der = Buffer.from(randomPositiveInteger(16).toBER(false));
      const [tag, length, first] = der;
      expect([tag, length]).toEqual([0x02, 16]);
      expect(first).toBeGreaterThanOrEqual(0x40);
      expect(first).toBeLessThan(0x80);
      firstBytes.add(first);
    }
    expect(firstBytes.size).toBe(64);
  });
});
