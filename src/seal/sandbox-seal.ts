import type { webcrypto } from 'node:crypto';
import type * as pkijs from 'pkijs';
import { certificateToPem } from './pem';
import { KEY_USAGE, type RevocationPointers, generateSealKeys, issueCertificate } from './certificate-issuer';
import { subtle } from './pkijs-engine';

export interface SandboxSeal {
  caPem: string;
  certificatePem: string;
  /** PKCS#8 DER, base64; empty when the key is in a PKCS#11 token, which certificatePem certifies. */
  privateKey: string;
  /** The CA's key, PKCS#8 DER base64: it signs the CA's CRL and OCSP answers. */
  caPrivateKey: string;
}

const CA_YEARS = 20;
const SEAL_YEARS = 10;

/**
 * A seal CA and a seal certificate it issues, for a deployment without an operator's PKCS#12. The certificate names
 * the CA's revocation services (`pointers`), which the CA's key answers for, so both keys are kept.
 */
export async function makeSandboxSeal(
  deployment: string,
  pointers?: RevocationPointers,
  tokenKey?: webcrypto.CryptoKey,
): Promise<SandboxSeal> {
  const caKeys = await generateSealKeys();
  const ca = await issueCertificate({
    subject: { organization: deployment, commonName: `${deployment} sandbox seal CA` },
    publicKey: caKeys.publicKey,
    selfKey: caKeys.privateKey,
    isCa: true,
    keyUsage: KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign,
    validDays: CA_YEARS * 365,
  });
  const seal = await issueSandboxSealCertificate(
    deployment,
    { certificate: ca, privateKey: caKeys.privateKey },
    pointers,
    tokenKey,
  );
  return { caPem: certificateToPem(ca), ...seal, caPrivateKey: await pkcs8Base64(caKeys.privateKey) };
}

/**
 * A new seal certificate from the sandbox seal CA (the first one, or the one that replaces a revoked one), for a new
 * key made here, or for `tokenKey`, the public key of a seal key in a PKCS#11 token, which stays there.
 */
export async function issueSandboxSealCertificate(
  deployment: string,
  issuer: { certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey },
  pointers?: RevocationPointers,
  tokenKey?: webcrypto.CryptoKey,
): Promise<Pick<SandboxSeal, 'certificatePem' | 'privateKey'>> {
  const sealKeys = tokenKey ? undefined : await generateSealKeys();
  const seal = await issueCertificate({
    subject: { organization: deployment, commonName: `${deployment} document seal` },
    publicKey: tokenKey ?? (sealKeys as webcrypto.CryptoKeyPair).publicKey,
    issuer,
    isCa: false,
    keyUsage: KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation,
    validDays: SEAL_YEARS * 365,
    revocation: pointers,
  });
  return {
    certificatePem: certificateToPem(seal),
    privateKey: sealKeys ? await pkcs8Base64(sealKeys.privateKey) : '',
  };
}

async function pkcs8Base64(key: webcrypto.CryptoKey): Promise<string> {
  return Buffer.from(await subtle.exportKey('pkcs8', key)).toString('base64');
}
