import { certificateToPem } from './pem';
import { KEY_USAGE, generateSealKeys, issueCertificate } from './certificate-issuer';
import { subtle } from './pkijs-engine';

export interface SandboxSeal {
  caPem: string;
  certificatePem: string;
  /** PKCS#8 DER, base64. */
  privateKey: string;
}

const CA_YEARS = 20;
const SEAL_YEARS = 10;

/**
 * A seal CA and a seal certificate it issues, for a deployment without an operator's PKCS#12: the CA's key signs
 * once and is dropped, so only the seal key is ever kept.
 */
export async function makeSandboxSeal(deployment: string): Promise<SandboxSeal> {
  const caKeys = await generateSealKeys();
  const ca = await issueCertificate({
    subject: { organization: deployment, commonName: `${deployment} sandbox seal CA` },
    publicKey: caKeys.publicKey,
    selfKey: caKeys.privateKey,
    isCa: true,
    keyUsage: KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign,
    validDays: CA_YEARS * 365,
  });
  const sealKeys = await generateSealKeys();
  const seal = await issueCertificate({
    subject: { organization: deployment, commonName: `${deployment} document seal` },
    publicKey: sealKeys.publicKey,
    issuer: { certificate: ca, privateKey: caKeys.privateKey },
    isCa: false,
    keyUsage: KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation,
    validDays: SEAL_YEARS * 365,
  });
  return {
    caPem: certificateToPem(ca),
    certificatePem: certificateToPem(seal),
    privateKey: Buffer.from(await subtle.exportKey('pkcs8', sealKeys.privateKey)).toString('base64'),
  };
}
