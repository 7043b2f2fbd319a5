import { createHmac } from 'node:crypto';
import { thrownExceptions } from '../../test/support/thrown-exceptions';
import { QR_START_EXAMPLE, parseQrFrame, qrFrameCode, qrFrameUri } from './qr-frame';

describe('QR frames', () => {
  const qr = { startToken: 'T0kenT0kenT0kenT0kenT0kenT0ken12', startSecret: 'the start secret' };

  it('codes a frame as the hex HMAC-SHA256 of the decimal seconds under the secret', () => {
    const expected = createHmac('sha256', 'the start secret').update('7').digest('hex');
    expect(qrFrameCode(qr.startSecret, 7)).toBe(expected);
    expect(qrFrameUri(qr, 7)).toBe(`idflow://qr?token=${qr.startToken}&time=7&code=${expected}`);
  });

  it('codes a frame without an exception thrown inside (as a Buffer key makes Node 24 throw two)', () => {
    expect(thrownExceptions(() => qrFrameCode(qr.startSecret, 7))).toEqual([]);
  });

  it("makes README's worked example", () => {
    expect(qrFrameUri(QR_START_EXAMPLE, 7)).toBe(
      'idflow://qr?token=Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU&time=7&code=' +
        'd51d89c8d13dceafe65531bd14c61acb6b3b493bec572c95b1dc6766f9da7b1a',
    );
  });

  it('reads a frame back, and nothing that is not one', () => {
    expect(parseQrFrame(qrFrameUri(qr, 12))).toEqual({
      startToken: qr.startToken,
      time: 12,
      code: qrFrameCode(qr.startSecret, 12),
    });
    for (const text of [
      'idflow://flow?seed=abc',
      `idflow://qr?token=${qr.startToken}&time=-1&code=${'a'.repeat(64)}`,
      `idflow://qr?token=${qr.startToken}&time=01&code=${'a'.repeat(64)}`,
      `idflow://qr?token=${qr.startToken}&time=1&code=${'A'.repeat(64)}`,
      `idflow://qr?token=short&time=1&code=${'a'.repeat(64)}`,
    ]) {
      expect(parseQrFrame(text)).toBeUndefined();
    }
  });
});
