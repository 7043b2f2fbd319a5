import { createHash } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sealCrypto } from './pkijs-engine';
import type { SealCredential } from './seal-credential';
import { OID } from './seal-oids';

/** Asks a timestamp authority for a token over the signature value (RFC 3161); absent, the seal stays B-B. */
export type SignatureTimestamper = (signatureValue: Uint8Array) => Promise<pkijs.ContentInfo>;

/**
 * The CMS of a PAdES baseline signature (ETSI EN 319 142-1, B-B): detached SignedData over the byte ranges, with the
 * content type, the message digest and the ESS signing-certificate-v2 attribute signed, and no signing-time attribute
 * (PAdES puts the claimed time in the signature dictionary's /M instead). With a timestamper, the signature value is
 * timestamped as an unsigned attribute (B-T).
 */
export class CadesSigner extends Signer {
  constructor(
    private readonly credential: SealCredential,
    private readonly timestamper?: SignatureTimestamper,
  ) {
    super();
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const { certificate, chain, privateKey } = this.credential;
    const digest = createHash('sha256').update(signedBytes).digest();
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
              attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: digest })),
              attribute(OID.signingCertificateV2, signingCertificateV2(certificate)),
            ],
          }),
        }),
      ],
      certificates: [certificate, ...chain],
    });
    await signedData.sign(privateKey, 0, 'SHA-256', undefined, sealCrypto);
    if (this.timestamper) {
      const signerInfo = signedData.signerInfos[0];
      const token = await this.timestamper(signerInfo.signature.valueBlock.valueHexView);
      signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [attribute(OID.signatureTimeStampToken, token.toSchema())],
      });
    }
    const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
    return Buffer.from(contentInfo.toSchema().toBER(false));
  }
}

export function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/**
 * SigningCertificateV2 (RFC 5035) naming the seal certificate by its SHA-256, the default hash, so the algorithm is
 * left out; the issuer and serial are left out too, as the CAdES baseline profile recommends.
 */
export function signingCertificateV2(certificate: pkijs.Certificate): asn1js.Sequence {
  const certHash = createHash('sha256')
    .update(Buffer.from(certificate.toSchema(true).toBER(false)))
    .digest();
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}
