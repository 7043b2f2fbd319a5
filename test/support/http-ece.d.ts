/** The part of `http_ece` (no types of its own) the push test uses to decrypt what a push endpoint receives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
