import { rmSync } from 'node:fs';
import { operatorSeal, type OperatorSeal } from '../support/operator-seal';
import { SealedDocuments } from '../support/sealed-documents';
import { createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

const PASSWORD = 'correct horse battery staple';

describe("the seal with an operator's PKCS#12 (SEAL_P12_PATH)", () => {
  let suite: SealedDocuments;
  let seal: OperatorSeal;
  const env = () => ({ SEAL_P12_PATH: seal.p12Path, SEAL_P12_PASSWORD: PASSWORD });

  beforeAll(async () => {
    seal = operatorSeal(PASSWORD);
    suite = await SealedDocuments.start(env());
  });
  afterAll(async () => {
    await suite?.close();
    if (seal) rmSync(seal.dir, { recursive: true, force: true });
  });

  it("seals with the operator's certificate, trusted under the operator's root, which the CA route publishes", async () => {
    const { stamped } = await suite.complete(['10000000001']);
    const published = (await suite.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    expect(published.replace(/\s/g, '')).toBe(seal.caPem.replace(/\s/g, ''));

    const report = await suite.pdf.pdfsig(stamped, await suite.pdf.trustStore(seal.caPem));
    expect(report).toContain('Signer Certificate Common Name: Operator Ltd document seal');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');

    const data = await suite.verify(stamped);
    expect(data.reliedOn).toEqual(['record', 'seal']);
    expect(data.seal).toMatchObject({ valid: true, trusted: true, signer: 'Operator Ltd document seal' });
  });

  it("refuses to revoke the operator's certificate, which the operator's own CA revokes", async () => {
    const refused = await suite.t
      .http()
      .post('/admin/seal/revoke')
      .set('authorization', `Bearer ${ADMIN_TOKEN}`)
      .expect(409);
    expect(refused.body.reason).toMatch(/SEAL_P12_PATH is set/);
  });

  it('refuses to start with a wrong password, naming the file but never the password', async () => {
    const wrong = 'not the password at all';
    const start = createTestApp({ env: { ...env(), SEAL_P12_PASSWORD: wrong } });
    await expect(start).rejects.toThrow(/PKCS#12 file does not open with its password/);
    const message = await start.then(
      () => '',
      (caught: Error) => caught.message,
    );
    expect(message).toContain(seal.p12Path);
    expect(message).not.toContain(wrong);
    expect(message).not.toContain(PASSWORD);
  });
});
