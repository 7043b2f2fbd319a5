import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

/**
 * pkijs computes through WebCrypto. Node's own implementation is handed to it explicitly, because a test runner's
 * sandbox may not expose `globalThis.crypto` where pkijs looks for it.
 */
export const sealCrypto = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto,
});
pkijs.setEngine('node', sealCrypto);

export const subtle = webcrypto.subtle;
