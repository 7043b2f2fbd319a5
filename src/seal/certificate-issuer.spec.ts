import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { KEY_USAGE, generateSealKeys, issueCertificate } from './certificate-issuer';

describe('the validity a certificate is issued with', () => {
  async function selfSigned(validDays: number): Promise<pkijs.Certificate> {
    const keys = await generateSealKeys();
    const issued = await issueCertificate({
      subject: { organization: 'Spec', commonName: 'Spec CA' },
      publicKey: keys.publicKey,
      selfKey: keys.privateKey,
      isCa: true,
      keyUsage: KEY_USAGE.keyCertSign,
      validDays,
    });
    return pkijs.Certificate.fromBER(issued.toSchema(true).toBER(false));
  }

  function validityBlocks(certificate: pkijs.Certificate): asn1js.BaseBlock[] {
    const tbs = asn1js.fromBER(certificate.tbsView).result as asn1js.Sequence;
    const validity = tbs.valueBlock.value[4] as asn1js.Sequence;
    return validity.valueBlock.value;
  }

  it('reads back as issued, in UTCTime while it ends before 2050 (RFC 5280 4.1.2.5)', async () => {
    const certificate = await selfSigned(365);

    const [notBefore, notAfter] = validityBlocks(certificate);
    expect(notBefore).toBeInstanceOf(asn1js.UTCTime);
    expect(notAfter).toBeInstanceOf(asn1js.UTCTime);
    expect(certificate.notAfter.value.getTime() - Date.now()).toBeGreaterThan(364 * 86_400_000);
  });

  it('ends in GeneralizedTime from 2050, the year UTCTime cannot hold', async () => {
    const validDays = Math.ceil((Date.UTC(2051, 0, 1) - Date.now()) / 86_400_000);

    const certificate = await selfSigned(validDays);

    const [notBefore, notAfter] = validityBlocks(certificate);
    expect(notBefore).toBeInstanceOf(asn1js.UTCTime);
    expect(notAfter).toBeInstanceOf(asn1js.GeneralizedTime);
    expect(certificate.notAfter.value.getUTCFullYear()).toBe(2051);
  });
});
