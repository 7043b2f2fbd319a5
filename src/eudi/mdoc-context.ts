import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import { type CoseKey, type MdocContext, CoseKey as CoseKeys, SignatureAlgorithm } from '@owf/mdoc';
import { X509Certificate } from '@peculiar/x509';
import { trustedIssuerLeaf } from './issuer-chain';

/**
 * The COSE signature algorithms an mdoc's issuer and device may sign with (by name or COSE number), and the MSO's
 * digests, as Node's hashes.
 */
const HASHES: Record<string, string> = {
  [SignatureAlgorithm.ES256]: 'sha256',
  [SignatureAlgorithm.ES384]: 'sha384',
  [SignatureAlgorithm.ES512]: 'sha512',
  ES256: 'sha256',
  ES384: 'sha384',
  ES512: 'sha512',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

/**
 * The cryptography the mdoc library leaves to its caller, on Node's own: ECDSA over COSE's raw (r || s) signatures,
 * SHA-2 digests, and the issuer's certificate chain checked by the same code as an SD-JWT VC's, so both forms of a
 * PID meet one trust list with the same refusals. MAC device authentication needs a reader key that OpenID4VP does
 * not have, so it is refused.
 */
export const mdocContext: MdocContext = {
  crypto: {
    random: (length) => randomBytes(length),
    digest: ({ digestAlgorithm, bytes }) => createHash(hashOf(digestAlgorithm)).update(bytes).digest(),
    calculateEphemeralMacKey: () => {
      throw new Error('MAC device authentication is not used over OpenID4VP');
    },
  },
  cose: {
    sign1: {
      sign: ({ toBeSigned, key, algorithm }) =>
        sign(hashOf(String(algorithm ?? key.algorithm)), toBeSigned, {
          key: createPrivateKey({ key: key.jwk, format: 'jwk' }),
          dsaEncoding: 'ieee-p1363',
        }),
      verify: ({ key, sign1 }) =>
        verify(
          hashOf(sign1.signatureAlgorithmName),
          sign1.toBeSigned,
          { key: publicKeyOf(key), dsaEncoding: 'ieee-p1363' },
          sign1.signature,
        ),
    },
    mac0: {
      sign: () => {
        throw new Error('MAC device authentication is not used over OpenID4VP');
      },
      verify: () => false,
    },
  },
  x509: {
    // The issuing country the library asks for is the document signer's own (its subject's C, ISO 18013-5 9.3.3).
    getIssuerNameField: ({ certificate, field }) => new X509Certificate(certificate).subjectName.getField(field),
    getPublicKey: ({ certificate }) => {
      const spki = Buffer.from(new X509Certificate(certificate).publicKey.rawData);
      return CoseKeys.fromJwk(createPublicKey({ key: spki, format: 'der', type: 'spki' }).export({ format: 'jwk' }));
    },
    verifyCertificateChain: async ({ trustedCertificates, x5chain, now }) => {
      const anchors = trustedCertificates.map((der) => new X509Certificate(der));
      const x5c = x5chain.map((der) => Buffer.from(der).toString('base64'));
      await trustedIssuerLeaf(x5c, anchors, now ?? new Date());
    },
    getCertificateData: ({ certificate }) => {
      const read = new X509Certificate(certificate);
      return {
        issuerName: read.issuer,
        subjectName: read.subject,
        serialNumber: read.serialNumber,
        thumbprint: createHash('sha1').update(certificate).digest('hex'),
        notBefore: read.notBefore,
        notAfter: read.notAfter,
        pem: read.toString('pem'),
      };
    },
  },
};

function hashOf(algorithm: string): string {
  const hash = HASHES[algorithm];
  if (!hash) throw new Error(`Unsupported algorithm ${algorithm}`);
  return hash;
}

function publicKeyOf(key: CoseKey) {
  const { d: _private, ...jwk } = key.jwk;
  return createPublicKey({ key: jwk, format: 'jwk' });
}
