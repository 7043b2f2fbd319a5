import { compactDecrypt, importPKCS8 } from 'jose';
import { testPerson } from './sandbox-tenant';

type Nested<T> = Record<string, Record<string, T>>;

/**
 * Decrypts released claims as an integrator would, with the app's RSA private key and nothing of the service's code:
 * each value is a compact JWE whose plaintext is the value's JSON text.
 */
export async function decryptClaims(privateKeyPem: string, claims: Nested<string>): Promise<Nested<unknown>> {
  const key = await importPKCS8(privateKeyPem, 'RSA-OAEP-256');
  const out: Nested<unknown> = {};
  for (const [group, values] of Object.entries(claims)) {
    for (const [name, jwe] of Object.entries(values)) {
      const { plaintext, protectedHeader } = await compactDecrypt(jwe, key);
      if (protectedHeader.alg !== 'RSA-OAEP-256' || protectedHeader.enc !== 'A256GCM') {
        throw new Error(`unexpected JWE header ${JSON.stringify(protectedHeader)}`);
      }
      out[group] = { ...out[group], [name]: JSON.parse(new TextDecoder().decode(plaintext)) };
    }
  }
  return out;
}

/** The values of these claim keys in a test person's record, nested by group and name like a release. */
export function recordOf(nin: string, keys: readonly string[]): Nested<unknown> {
  const claims = testPerson(nin).claims as unknown as Nested<unknown>;
  const out: Nested<unknown> = {};
  for (const key of keys) {
    const [group, name] = key.split('.');
    out[group] = { ...out[group], [name]: claims[group][name] };
  }
  return out;
}
