import { readFile } from 'node:fs/promises';
import { X509Certificate } from '@peculiar/x509';
import { readPkcs12 } from '../seal/pkcs12-reader';
import { importEcPrivateKey } from './eudi-certificates';
import type { SigningCertificate } from './signing-certificate';

/**
 * The operator's verifier certificate from a PKCS#12 file, read by the same reader as the document seal's: the one
 * P-256 key, and its certificate first, then the issuers the file holds. Anything wrong stops the start with an error
 * naming the variable and what is wrong, never the password.
 */
export async function readVerifierPkcs12(path: string, password: string): Promise<SigningCertificate> {
  const fail = (why: string, cause?: unknown) => new Error(`EUDI_VERIFIER_P12_PATH ${path}: ${why}`, { cause });
  const file = await readFile(path).catch((error: unknown) => {
    throw fail('cannot be read', error);
  });
  const { privateKey, certificates } = await readPkcs12(file, password).catch((error: unknown) => {
    throw fail(error instanceof Error ? error.message : String(error), error);
  });
  const key = await importEcPrivateKey(Buffer.from(privateKey)).catch((error: unknown) => {
    throw fail('its key is not a P-256 key, which request objects (ES256) need', error);
  });
  const chain = certificates.map((certificate) => new X509Certificate(certificate.toSchema().toBER(false)));
  return { chain, privateKey: key };
}
