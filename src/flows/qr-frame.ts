import { createHmac } from 'node:crypto';
import { APP_SCHEME } from './deep-link';

/** What an integrator's backend keeps to draw the animated QR code: the public token and the secret behind it. */
export interface QrStart {
  startToken: string;
  startSecret: string;
}

/** README's worked example: this token and secret make `qrFrameUri(QR_START_EXAMPLE, 7)`, which a spec checks. */
export const QR_START_EXAMPLE: QrStart = {
  startToken: 'Qr7Tk2Lm9NbVc4ZrT1aSd8Xy3QwE6PoU',
  startSecret: 's3cr3t-start-secret',
};

/** A frame as read back from a scanned URI. */
export interface QrFrame {
  startToken: string;
  /** Whole seconds since the flow was created, as the frame claims. */
  time: number;
  code: string;
}

const FRAME_PREFIX = `${APP_SCHEME}://qr?`;
const TOKEN_SHAPE = /^[0-9A-Za-z]{16,64}$/;
const CODE_SHAPE = /^[0-9a-f]{64}$/;
const TIME_SHAPE = /^(0|[1-9]\d{0,9})$/;

/** The frame's code: lowercase hex HMAC-SHA256 of the decimal text of `time` under the UTF-8 bytes of the secret. */
export function qrFrameCode(startSecret: string, time: number): string {
  // A string key is read as UTF-8; a Buffer would cost two thrown and caught TypeErrors in Node 24's key checks.
  return createHmac('sha256', startSecret).update(String(time)).digest('hex');
}

/** The frame at `time` seconds after creation: `idflow://qr?token=<startToken>&time=<time>&code=<code>`. */
export function qrFrameUri(qr: QrStart, time: number): string {
  return `${FRAME_PREFIX}token=${qr.startToken}&time=${time}&code=${qrFrameCode(qr.startSecret, time)}`;
}

export function isQrFrameUri(text: string): boolean {
  return text.startsWith(FRAME_PREFIX);
}

/** The parts of a frame URI, or undefined when the text is not one. */
export function parseQrFrame(text: string): QrFrame | undefined {
  if (!isQrFrameUri(text)) return undefined;
  const query = new URLSearchParams(text.slice(FRAME_PREFIX.length));
  const startToken = query.get('token') ?? '';
  const time = query.get('time') ?? '';
  const code = query.get('code') ?? '';
  if (!TOKEN_SHAPE.test(startToken) || !TIME_SHAPE.test(time) || !CODE_SHAPE.test(code)) return undefined;
  return { startToken, time: Number(time), code };
}
