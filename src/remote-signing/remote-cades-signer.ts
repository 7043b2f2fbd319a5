import { createHash, createPublicKey, verify } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { attribute, signingCertificateV2 } from '../seal/cades-signer';
import { OID } from '../seal/seal-oids';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import { CSC_OID } from './csc-constants';

/** Signs the SHA-256 of the DER of the signed attributes at the provider: the signature value, as it answers it. */
export type RemoteHashSigner = (hash: Buffer) => Promise<Buffer>;

/**
 * The CMS of a signee's PAdES baseline signature (B-B), as CadesSigner makes the seal's, but with the signature value
 * made by a remote signing provider over the hash of the signed attributes (the data to be signed representation). The
 * value is checked against the signer's certificate before it goes into the document: a provider that signs with
 * another key, or over other data, is refused.
 */
export class RemoteCadesSigner extends Signer {
  constructor(
    private readonly chain: pkijs.Certificate[],
    private readonly signHash: RemoteHashSigner,
  ) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const [certificate] = this.chain;
    const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
        attribute(
          OID.messageDigest,
          new asn1js.OctetString({ valueHex: createHash('sha256').update(signedBytes).digest() }),
        ),
        attribute(OID.signingCertificateV2, signingCertificateV2(certificate)),
      ],
    });
    // RFC 5652 5.4: the signature is over the attributes' DER with the SET OF tag, not the [0] they are stored under.
    const toBeSigned = Buffer.from(signedAttrs.toSchema().toBER(false));
    toBeSigned[0] = 0x31;
    const value = await this.signHash(createHash('sha256').update(toBeSigned).digest());
    if (!verifies(certificate, toBeSigned, value)) {
      throw new SigningProviderFailure("The provider's signature does not verify against the signer's certificate");
    }
    const signedData = new pkijs.SignedData({
      version: 1,
      digestAlgorithms: [
        new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
      ],
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          digestAlgorithm: new pkijs.AlgorithmIdentifier({
            algorithmId: OID.sha256,
            algorithmParams: new asn1js.Null(),
          }),
          signedAttrs,
          signatureAlgorithm: new pkijs.AlgorithmIdentifier({
            algorithmId: CSC_OID.sha256WithRsa,
            algorithmParams: new asn1js.Null(),
          }),
          signature: new asn1js.OctetString({ valueHex: value }),
        }),
      ],
      certificates: this.chain,
    });
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}

function verifies(certificate: pkijs.Certificate, data: Buffer, signature: Buffer): boolean {
  const spki = Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false));
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  try {
    return verify('sha256', data, key, signature);
  } catch {
    return false;
  }
}
