import * as pkijs from 'pkijs';
import { KEY_USAGE, generateSealKeys, issueCertificate } from './certificate-issuer';
import { sealCrypto } from './pkijs-engine';
import { RevocationResponder } from './revocation-responder';

describe('the revocation responder of a CA idflow holds the key of', () => {
  let ca: pkijs.Certificate;
  let leaf: pkijs.Certificate;
  let responder: RevocationResponder;
  let revokedAt: Date | undefined;

  beforeAll(async () => {
    const caKeys = await generateSealKeys();
    ca = await issueCertificate({
      subject: { organization: 'Spec', commonName: 'Spec CA' },
      publicKey: caKeys.publicKey,
      selfKey: caKeys.privateKey,
      isCa: true,
      keyUsage: KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign,
      validDays: 1,
    });
    leaf = await issueCertificate({
      subject: { organization: 'Spec', commonName: 'Spec seal' },
      publicKey: (await generateSealKeys()).publicKey,
      issuer: { certificate: ca, privateKey: caKeys.privateKey },
      isCa: false,
      keyUsage: KEY_USAGE.digitalSignature,
      validDays: 1,
    });
    const serialHex = Buffer.from(leaf.serialNumber.valueBlock.valueHexView).toString('hex');
    responder = new RevocationResponder(ca, caKeys.privateKey, () => Promise.resolve([{ serialHex, revokedAt }]));
  });

  async function statusOf(): Promise<number> {
    const request = new pkijs.OCSPRequest();
    await request.createForCertificate(leaf, { hashAlgorithm: 'SHA-256', issuerCertificate: ca }, sealCrypto);
    const response = pkijs.OCSPResponse.fromBER(
      await responder.ocsp(new Uint8Array(request.toSchema(true).toBER(false))),
    );
    const basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes!.response.valueBlock.valueHexView);
    return (await basic.getCertificateStatus(leaf, ca, sealCrypto)).status;
  }

  it('answers good, then revoked once the revocation time has come, with a SHA-256 CertID', async () => {
    revokedAt = undefined;
    expect(await statusOf()).toBe(0);
    revokedAt = new Date(Date.now() - 1000);
    expect(await statusOf()).toBe(1);
    revokedAt = undefined;
  });

  it('lists a revoked certificate on a CRL it signs, and answers malformedRequest to bytes that are no request', async () => {
    revokedAt = new Date(Date.now() - 1000);
    const crl = pkijs.CertificateRevocationList.fromBER(await responder.crl());
    revokedAt = undefined;
    expect(await crl.verify({ issuerCertificate: ca }, sealCrypto)).toBe(true);
    expect(crl.isCertificateRevoked(leaf)).toBe(true);
    const malformed = pkijs.OCSPResponse.fromBER(await responder.ocsp(Buffer.from('nonsense')));
    expect(malformed.responseStatus.valueBlock.valueDec).toBe(1);
  });
});
