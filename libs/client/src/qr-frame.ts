import { createHmac } from 'node:crypto';

/** The `qr` of a wildcard or same-device create answer: keep `startSecret` on your backend. */
export interface QrStart {
  startToken: string;
  startSecret: string;
}

/**
 * The animated QR code's frame `seconds` after the flow was created (draw a new one every second):
 * `idflow://qr?token=<startToken>&time=<seconds>&code=<hex HMAC-SHA256 of the decimal seconds under startSecret>`.
 */
export function qrFrame(qr: QrStart, seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0) throw new RangeError('seconds must be a whole number, 0 or more');
  const code = createHmac('sha256', Buffer.from(qr.startSecret, 'utf8')).update(String(seconds)).digest('hex');
  return `idflow://qr?token=${qr.startToken}&time=${seconds}&code=${code}`;
}
