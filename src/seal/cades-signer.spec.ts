import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CadesSigner } from './cades-signer';
import { certificatesFromPem } from './pem';
import { sealPdf } from './pdf-sealer';
import { makeSandboxSeal } from './sandbox-seal';
import type { SealCredential } from './seal-credential';
import { importSealKey } from './seal-private-key';

const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';

describe('the CMS of a seal', () => {
  let credential: SealCredential;
  let sealed: Buffer;
  const signingTime = new Date('2026-03-04T05:06:07Z');

  beforeAll(async () => {
    const sandbox = await makeSandboxSeal('Spec Deployment');
    const [certificate] = certificatesFromPem(sandbox.certificatePem);
    const chain = certificatesFromPem(sandbox.caPem);
    const privateKey = await importSealKey(Buffer.from(sandbox.privateKey, 'base64'), certificate);
    credential = { certificate, chain, privateKey, trustAnchors: chain };
    const document = await PDFDocument.create();
    document.addPage().drawText('A contract');
    sealed = await sealPdf(await document.save(), {
      signingTime,
      name: 'Spec Deployment',
      reason: 'spec',
      signer: CadesSigner.withCredential(credential),
    });
  });

  /** The byte ranges and the CMS, read from the file the way a validator does. */
  function signature() {
    const latin = sealed.toString('latin1');
    const match = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(latin);
    if (!match) throw new Error('no /ByteRange');
    const [a, b, c, d] = match.slice(1).map(Number);
    const cms = Buffer.from(latin.slice(b + 1, c - 1), 'hex');
    const signed = new pkijs.SignedData({
      schema: new pkijs.ContentInfo({ schema: asn1js.fromBER(cms).result }).content,
    });
    return {
      ranges: [a, b, c, d],
      signed,
      // The signature dictionary around its /ByteRange and /Contents, without the hex of the signature.
      dictionary: latin.slice(match.index - 300, match.index) + latin.slice(c, c + 300),
    };
  }

  const attributeTypes = (signed: pkijs.SignedData) =>
    (signed.signerInfos[0].signedAttrs?.attributes ?? []).map((attribute) => attribute.type);

  it('signs the content type, the message digest and signing-certificate-v2, and no signing-time', () => {
    const { signed } = signature();
    expect(attributeTypes(signed).sort()).toEqual([CONTENT_TYPE, MESSAGE_DIGEST, SIGNING_CERTIFICATE_V2].sort());
    expect(attributeTypes(signed)).not.toContain(SIGNING_TIME);
    expect(signed.encapContentInfo.eContent).toBeUndefined();
  });

  it('has a message digest equal to the SHA-256 over the byte ranges, which cover the whole file', () => {
    const { signed, ranges } = signature();
    const [a, b, c, d] = ranges;
    expect(a).toBe(0);
    expect(c + d).toBe(sealed.length);
    const digest = createHash('sha256')
      .update(Buffer.concat([sealed.subarray(a, a + b), sealed.subarray(c, c + d)]))
      .digest();
    const attribute = signed.signerInfos[0].signedAttrs?.attributes.find((entry) => entry.type === MESSAGE_DIGEST);
    const value = (attribute?.values[0] as asn1js.OctetString).valueBlock.valueHexView;
    expect(Buffer.from(value).toString('hex')).toBe(digest.toString('hex'));
  });

  it('names the seal certificate by the SHA-256 of its DER in signing-certificate-v2', () => {
    const { signed } = signature();
    const attribute = signed.signerInfos[0].signedAttrs?.attributes.find(
      (entry) => entry.type === SIGNING_CERTIFICATE_V2,
    );
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 ::= SEQUENCE { certHash, ... }
    const certs = (attribute?.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const first = certs.valueBlock.value[0] as asn1js.Sequence;
    const certHash = first.valueBlock.value[0] as asn1js.OctetString;
    const expected = createHash('sha256')
      .update(Buffer.from(credential.certificate.toSchema(true).toBER(false)))
      .digest('hex');
    expect(Buffer.from(certHash.valueBlock.valueHexView).toString('hex')).toBe(expected);
  });

  it('is a detached ETSI.CAdES.detached signature with the claimed time in /M and the certificates to the CA', () => {
    const { signed, dictionary } = signature();
    expect(dictionary).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(dictionary).toContain('/M (D:20260304050607Z)');
    expect(signed.certificates).toHaveLength(2);
  });

  it('verifies with the seal certificate', async () => {
    const { signed, ranges } = signature();
    const [a, b, c, d] = ranges;
    const data = Buffer.concat([sealed.subarray(a, a + b), sealed.subarray(c, c + d)]);
    await expect(signed.verify({ signer: 0, data: new Uint8Array(data).buffer })).resolves.toBe(true);
  });
});
