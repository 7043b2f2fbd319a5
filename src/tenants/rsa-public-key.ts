import { createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { RequestValidationError } from '../common/errors/request-validation.error';

const generateKeyPairAsync = promisify(generateKeyPair);
export const MIN_RSA_BITS = 2048;

/** Checks that a PEM is an RSA public key of at least 2048 bits and returns it in SPKI PEM form. */
export function normaliseRsaPublicKey(pem: string, field = 'publicKey'): string {
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new RequestValidationError([
      { code: 'invalid_string', path: [field], message: `${field} is not a PEM public key` },
    ]);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MIN_RSA_BITS) {
    throw new RequestValidationError([
      { code: 'custom', path: [field], message: `${field} must be an RSA key of at least ${MIN_RSA_BITS} bits` },
    ]);
  }
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

/** A fresh claims key pair for an app whose operator did not bring one: the private half is shown once, never kept. */
export async function generateRsaKeyPair(): Promise<{ publicKeyPem: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: MIN_RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}
