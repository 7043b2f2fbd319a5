import type { webcrypto } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { subtle } from './pkijs-engine';

const RSA = '1.2.840.113549.1.1.1';
const EC = '1.2.840.10045.2.1';
const CURVES: Record<string, string> = {
  '1.2.840.10045.3.1.7': 'P-256',
  '1.3.132.0.34': 'P-384',
  '1.3.132.0.35': 'P-521',
};

/** Imports a PKCS#8 seal key for signing with SHA-256, by the kind of key its certificate names (RSA or EC). */
export async function importSealKey(pkcs8: Uint8Array, certificate: pkijs.Certificate): Promise<webcrypto.CryptoKey> {
  const { algorithm } = certificate.subjectPublicKeyInfo;
  const kind = algorithm.algorithmId;
  if (kind === RSA) {
    return subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  }
  const curve =
    kind === EC
      ? CURVES[(algorithm.algorithmParams as { valueBlock: { toString(): string } })?.valueBlock?.toString()]
      : undefined;
  if (!curve)
    throw new Error(`the seal certificate's key (${kind}) is neither RSA nor an ECDSA key on P-256, P-384 or P-521`);
  return subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: curve }, false, ['sign']);
}
