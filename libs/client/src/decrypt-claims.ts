import { compactDecrypt, importPKCS8 } from 'jose';

export type EncryptedClaims = Record<string, Record<string, string>>;
export type DecryptedClaims = Record<string, Record<string, unknown>>;

/**
 * Decrypts the claims of a completed identification (`data.request.claims` on ping) with the app's RSA private key
 * (PKCS#8 PEM). Each value is a compact JWE (RSA-OAEP-256, A256GCM) whose plaintext is the value's JSON text; the
 * nested group/name shape is kept.
 */
export async function decryptClaims(claims: EncryptedClaims, privateKeyPem: string): Promise<DecryptedClaims> {
  const key = await importPKCS8(privateKeyPem, 'RSA-OAEP-256');
  const decoder = new TextDecoder();
  const result: DecryptedClaims = {};
  for (const [group, values] of Object.entries(claims)) {
    result[group] = {};
    for (const [name, jwe] of Object.entries(values)) {
      const { plaintext } = await compactDecrypt(jwe, key);
      result[group][name] = JSON.parse(decoder.decode(plaintext));
    }
  }
  return result;
}
