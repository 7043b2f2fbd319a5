import { qrFrame } from './qr-frame';

describe('qrFrame', () => {
  it("draws README's worked example", () => {
    const qr = { startToken: 'Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU', startSecret: 's3cr3t-start-secret' };
    expect(qrFrame(qr, 7)).toBe(
      'idflow://qr?token=Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU&time=7&code=' +
        'd51d89c8d13dceafe65531bd14c61acb6b3b493bec572c95b1dc6766f9da7b1a',
    );
  });

  it('refuses a time that is not a whole number of seconds', () => {
    const qr = { startToken: 'Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU', startSecret: 's' };
    expect(() => qrFrame(qr, -1)).toThrow(RangeError);
    expect(() => qrFrame(qr, 1.5)).toThrow(RangeError);
  });
});
