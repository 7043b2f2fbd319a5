import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/** ECDSA over P-256 with SHA-256: the one signature scheme HAIP 1.0 requires every wallet to accept. */
export const EC_KEY = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

export interface MadeCertificate {
  certificatePem: string;
  /** PKCS#8 DER, base64. */
  privateKey: string;
}

export function generateEcKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(EC_KEY, true, ['sign', 'verify']);
}

export async function importEcPrivateKey(pkcs8: Buffer, extractable = false): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, EC_KEY, extractable, ['sign']);
}

/** A self-signed end-entity certificate: the sandbox verifier's, which wallets know by its hash. */
export function makeSelfSignedLeaf(name: string, validDays: number): Promise<MadeCertificate> {
  return makeSelfSigned(name, validDays, async () => [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
  ]);
}

/** A self-signed CA certificate that may issue end-entity certificates only: the sandbox PID issuer's CA. */
export function makeCa(name: string, validDays: number): Promise<MadeCertificate> {
  return makeSelfSigned(name, validDays, async (publicKey) => [
    new x509.BasicConstraintsExtension(true, 0, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    await x509.SubjectKeyIdentifierExtension.create(publicKey),
  ]);
}

async function makeSelfSigned(
  name: string,
  validDays: number,
  extensions: (publicKey: webcrypto.CryptoKey) => Promise<x509.Extension[]>,
): Promise<MadeCertificate> {
  const keys = await generateEcKeys();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name,
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    ...validity(validDays),
    extensions: await extensions(keys.publicKey),
  });
  return { certificatePem: certificate.toString('pem'), privateKey: await pkcs8Base64(keys.privateKey) };
}

/** From a little before now, so a wallet whose clock runs behind still sees the certificate as valid. */
function validity(validDays: number): { notBefore: Date; notAfter: Date } {
  return { notBefore: new Date(Date.now() - 3_600_000), notAfter: new Date(Date.now() + validDays * DAY_MS) };
}

/** An end-entity certificate issued by a CA: the sandbox PID issuer's document signer. */
export async function issueLeaf(
  name: string,
  validDays: number,
  ca: { certificate: x509.X509Certificate; privateKey: webcrypto.CryptoKey },
): Promise<MadeCertificate> {
  const keys = await generateEcKeys();
  const certificate = await x509.X509CertificateGenerator.create({
    subject: name,
    issuer: ca.certificate.subject,
    publicKey: keys.publicKey,
    signingKey: ca.privateKey,
    signingAlgorithm: SIGNING_ALGORITHM,
    ...validity(validDays),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      await x509.AuthorityKeyIdentifierExtension.create(ca.certificate.publicKey),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKey: await pkcs8Base64(keys.privateKey) };
}

/** Every certificate of a PEM bundle, in order. */
export function certificatesOfPem(pem: string): x509.X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new x509.X509Certificate(block));
}

async function pkcs8Base64(key: webcrypto.CryptoKey): Promise<string> {
  return Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key)).toString('base64');
}
