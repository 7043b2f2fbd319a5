import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';
import { TokenPrivateKey } from '../common/pkcs11/token-private-key';

/**
 * pkijs's engine, with one difference: a key in a PKCS#11 token signs inside the token, so a seal made with an HSM key
 * is built by the same pkijs code as one made with a key in memory.
 */
class SealCryptoEngine extends pkijs.CryptoEngine {
  override sign(
    algorithm: Parameters<pkijs.CryptoEngine['sign']>[0],
    key: webcrypto.CryptoKey,
    data: webcrypto.BufferSource,
  ): Promise<ArrayBuffer> {
    if (key instanceof TokenPrivateKey) return Promise.resolve(key.sign(bytesOf(data)));
    return super.sign(algorithm, key, data);
  }
}

function bytesOf(data: webcrypto.BufferSource): Uint8Array {
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Uint8Array(data);
}

/**
 * pkijs computes through WebCrypto. Node's own implementation is handed to it explicitly, because a test runner's
 * sandbox may not expose `globalThis.crypto` where pkijs looks for it.
 */
export const sealCrypto = new SealCryptoEngine({
  name: 'node',
  crypto: webcrypto,
});
pkijs.setEngine('node', sealCrypto);

export const subtle = webcrypto.subtle;
