import { createHash, type webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { subtle } from './pkijs-engine';
import { randomPositiveInteger } from './random-positive-integer';
import { OID } from './seal-oids';

/** RSA with PKCS#1 v1.5 and SHA-256: the one signature scheme every PDF validator and NSS version accepts. */
export const SEAL_KEY_ALGORITHM: webcrypto.RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

/** Key usage bits, as the first byte of the X.509 KeyUsage bit string (RFC 5280 4.2.1.3). */
/** GeneralName's uniformResourceIdentifier choice (RFC 5280 4.2.1.6). */
export const URI_NAME = 6;

export const KEY_USAGE = { digitalSignature: 0x80, nonRepudiation: 0x40, keyCertSign: 0x04, cRLSign: 0x02 } as const;

/** A subject's attributes, in the order they are written: C, O, serialNumber, CN. */
export interface CertificateSubject {
  country?: string;
  organization?: string;
  /** X.520 serialNumber: for a natural person, the ETSI EN 319 412-1 identifier (`PNO<country>-<number>`). */
  serialNumber?: string;
  commonName: string;
}

export interface CertificateRequest {
  subject: CertificateSubject;
  publicKey: webcrypto.CryptoKey;
  /** The issuer's certificate and key; without them the certificate is self-signed by `selfKey`. */
  issuer?: { certificate: pkijs.Certificate; privateKey: webcrypto.CryptoKey };
  selfKey?: webcrypto.CryptoKey;
  isCa: boolean;
  keyUsage: number;
  extendedKeyUsage?: string[];
  validDays: number;
  /** Where a validator finds the issuer's certificate and the certificate's revocation status, written into it. */
  revocation?: RevocationPointers;
  /** Extensions of the certificate's own kind (a signer's QC statements), after the ones every certificate has. */
  extensions?: pkijs.Extension[];
}

/** The issuer's addresses a certificate names: AIA OCSP and caIssuers, and the CRL distribution point. */
export interface RevocationPointers {
  ocspUrl: string;
  caIssuersUrl: string;
  crlUrl: string;
}

export async function generateSealKeys(): Promise<webcrypto.CryptoKeyPair> {
  return subtle.generateKey(SEAL_KEY_ALGORITHM, true, ['sign', 'verify']);
}

/** Issues an X.509 v3 certificate with the extensions a validator needs to build and accept the chain. */
export async function issueCertificate(request: CertificateRequest): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = randomPositiveInteger(16);
  certificate.subject = distinguishedName(request.subject);
  certificate.issuer = request.issuer ? request.issuer.certificate.subject : distinguishedName(request.subject);
  const now = Date.now();
  // A little slack before now, so a validator whose clock runs behind still sees the certificate as valid.
  certificate.notBefore = validityTime(new Date(now - 3600_000));
  certificate.notAfter = validityTime(new Date(now + request.validDays * 86_400_000));
  await certificate.subjectPublicKeyInfo.importKey(request.publicKey);

  const keyId = keyIdentifier(certificate);
  const issuerKeyId = request.issuer ? keyIdentifier(request.issuer.certificate) : keyId;
  certificate.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: request.isCa }).toSchema()),
    extension(OID.keyUsage, true, keyUsageBits(request.keyUsage)),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyId })),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: issuerKeyId }) }).toSchema(),
    ),
    ...(request.extendedKeyUsage
      ? [
          extension(
            OID.extendedKeyUsage,
            true,
            new pkijs.ExtKeyUsage({ keyPurposes: request.extendedKeyUsage }).toSchema(),
          ),
        ]
      : []),
    ...(request.revocation ? revocationExtensions(request.revocation) : []),
    ...(request.extensions ?? []),
  ];
  const signingKey = request.issuer?.privateKey ?? request.selfKey;
  if (!signingKey) throw new Error('issueCertificate needs an issuer or a key to sign itself with');
  await certificate.sign(signingKey, 'SHA-256');
  return certificate;
}

/**
 * One RDN per attribute (C, O, serialNumber, CN). pkijs would put every attribute into a single multi-valued RDN,
 * which validators print as `O=...+CN=...`, so the name is encoded here and read back, keeping this encoding. X.520
 * has country and serialNumber as PrintableString, the others as UTF-8.
 */
function distinguishedName(subject: CertificateSubject): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.PrintableString | asn1js.Utf8String) =>
    new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] });
  const printable = (value: string) => new asn1js.PrintableString({ value });
  const utf8 = (value: string) => new asn1js.Utf8String({ value });
  const attributes = [
    subject.country === undefined ? [] : [rdn(OID.countryName, printable(subject.country))],
    subject.organization === undefined ? [] : [rdn(OID.organizationName, utf8(subject.organization))],
    subject.serialNumber === undefined ? [] : [rdn(OID.serialNumber, printable(subject.serialNumber))],
    [rdn(OID.commonName, utf8(subject.commonName))],
  ].flat();
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: attributes }).toBER(false));
}

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 (a 20-year sandbox CA made in 2030 ends then). */
function validityTime(value: Date): pkijs.Time {
  const type = value.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  return new pkijs.Time({ type, value });
}

/** RFC 5280's method 1: the SHA-1 of the subject public key's bits (an identifier, not a security function). */
function keyIdentifier(certificate: pkijs.Certificate): Uint8Array {
  return createHash('sha1').update(certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest();
}

function revocationExtensions(pointers: RevocationPointers): pkijs.Extension[] {
  const uri = (value: string) => new pkijs.GeneralName({ type: URI_NAME, value });
  const access = (accessMethod: string, url: string) =>
    new pkijs.AccessDescription({ accessMethod, accessLocation: uri(url) });
  return [
    extension(
      OID.authorityInfoAccess,
      false,
      new pkijs.InfoAccess({
        accessDescriptions: [access(OID.ocsp, pointers.ocspUrl), access(OID.caIssuers, pointers.caIssuersUrl)],
      }).toSchema(),
    ),
    extension(
      OID.crlDistributionPoints,
      false,
      new pkijs.CRLDistributionPoints({
        distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [uri(pointers.crlUrl)] })],
      }).toSchema(),
    ),
  ];
}

function keyUsageBits(bits: number): asn1js.BitString {
  let unused = 0;
  while (unused < 7 && ((bits >> unused) & 1) === 0) unused += 1;
  return new asn1js.BitString({ valueHex: new Uint8Array([bits]), unusedBits: unused });
}

export function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}
