import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';

/**
 * A random positive INTEGER of `length` bytes (a certificate's serial number, a timestamp request's nonce), in minimal
 * DER whatever the bytes drawn. The first byte is kept within 0x40-0x7f: a clear top bit keeps the INTEGER positive,
 * and a set second bit keeps it from starting with a zero byte, which DER forbids before a byte below 0x80 and which
 * OpenSSL refuses to read (one draw in 256 before).
 */
export function randomPositiveInteger(length: number): asn1js.Integer {
  const bytes = randomBytes(length);
  bytes[0] = (bytes[0] & 0x3f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes });
}
