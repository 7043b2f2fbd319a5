import { deviceVerificationOf, verificationCodeOf } from './verification-code';

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

describe('deviceVerificationOf', () => {
  it('shows the code, or for choice three codes in order, the right one among them', () => {
    expect(deviceVerificationOf({ startMode: 'different-device', stamp: 'stamp', verification: null })).toEqual({
      verificationCode: '4171',
    });
    for (let index = 0; index < 200; index++) {
      const flow = { startMode: 'different-device' as const, stamp: `stamp-${index}`, verification: 'choice' as const };
      const { verificationChoices, verificationCode } = deviceVerificationOf(flow);
      expect(verificationCode).toBeUndefined();
      expect(verificationChoices).toHaveLength(3);
      expect(new Set(verificationChoices).size).toBe(3);
      expect(verificationChoices).toContain(verificationCodeOf(flow));
      expect([...(verificationChoices ?? [])].sort()).toEqual(verificationChoices);
    }
  });

  it('shows nothing for a flow the person started', () => {
    expect(deviceVerificationOf({ startMode: 'wildcard', stamp: 'stamp', verification: null })).toEqual({});
  });
});
