import { createHash, type webcrypto } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { sealCrypto } from './pkijs-engine';
import type { SealCredential } from './seal-credential';
import { OID } from './seal-oids';

/** Asks a timestamp authority for a token over the signature value (RFC 3161); absent, the seal stays B-B. */
export type SignatureTimestamper = (signatureValue: Uint8Array) => Promise<pkijs.ContentInfo>;

/**
 * Puts the signature value into the SignedData's one SignerInfo, over the DER of its signed attributes: with a key
 * idflow holds (`withPrivateKey`, the seal), or at a remote signing provider (a signee's own signature).
 */
export type SignatureValueMaker = (signedData: pkijs.SignedData) => Promise<void>;

/**
 * The CMS of a PAdES baseline signature (ETSI EN 319 142-1, B-B): detached SignedData over the byte ranges, with the
 * content type, the message digest and the ESS signing-certificate-v2 attribute signed, and no signing-time attribute
 * (PAdES puts the claimed time in the signature dictionary's /M instead). The same for the seal and for each signee's
 * own signature; only who makes the signature value differs. With a timestamper, the signature value is timestamped
 * as an unsigned attribute (B-T).
 */
export class CadesSigner extends Signer {
  /** `chain` is the signer's certificate first, then the rest of its chain. */
  constructor(
    private readonly chain: pkijs.Certificate[],
    private readonly makeValue: SignatureValueMaker,
    private readonly timestamper?: SignatureTimestamper,
  ) {
    super();
  }

  /** The seal's signer: its certificate and chain, the value made with its private key. */
  static withCredential(credential: SealCredential, timestamper?: SignatureTimestamper): CadesSigner {
    const { certificate, chain, privateKey } = credential;
    return new CadesSigner([certificate, ...chain], withPrivateKey(privateKey), timestamper);
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const [certificate] = this.chain;
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
      certificates: this.chain,
    });
    await this.makeValue(signedData);
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

/** The value made here with a key idflow holds, RSA or ECDSA, SHA-256: pkijs names the algorithms from the key. */
export function withPrivateKey(privateKey: webcrypto.CryptoKey): SignatureValueMaker {
  return async (signedData) => {
    await signedData.sign(privateKey, 0, 'SHA-256', undefined, sealCrypto);
  };
}

/**
 * What the signature value is computed over (RFC 5652 5.4): the signed attributes' DER with the SET OF tag, not the
 * [0] they are stored under.
 */
export function signedAttributesDer(signerInfo: pkijs.SignerInfo): Buffer {
  const der = Buffer.from(signerInfo.signedAttrs!.toSchema().toBER(false));
  der[0] = 0x31;
  return der;
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
