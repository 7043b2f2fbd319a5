import { verificationCodeOf } from './verification-code';

describe('verificationCodeOf', () => {
  it('is the last two bytes of the SHA-256 of the stamp, mod 10000, as four digits', () => {
    // SHA-256("stamp") ends in 0xd39b = 54171; 54171 mod 10000 = 4171.
    expect(verificationCodeOf({ startMode: 'different-device', stamp: 'stamp' })).toBe('4171');
  });

  it('keeps leading zeros', () => {
    const codes = Array.from({ length: 200 }, (_, index) =>
      verificationCodeOf({ startMode: 'different-device', stamp: `stamp-${index}` }),
    );
    expect(codes.every((code) => /^\d{4}$/.test(code ?? ''))).toBe(true);
  });

  it('belongs to pushed flows only', () => {
    expect(verificationCodeOf({ startMode: 'same-device', stamp: 'stamp' })).toBeUndefined();
    expect(verificationCodeOf({ startMode: 'wildcard', stamp: 'stamp' })).toBeUndefined();
  });
});
