import { X509Certificate } from 'node:crypto';
import { CscSandboxClient, sha256Base64 } from './support/csc-sandbox-client';
import { bootstrapSandbox } from './support/sandbox-tenant';
import { type TestApp, createTestApp } from './support/test-app';

const SIGNEES = [{ nin: '10000000001', name: 'Adaeze Okonkwo' }];

describe('the sandbox signing provider, as a CSC client sees it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await bootstrapSandbox(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a client with the wrong secret in the CSC error shape', async () => {
    const answer = await t
      .http()
      .post('/csc/v2/oauth2/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: 'sandbox', client_secret: 'guess' })
      .expect(401);
    expect(answer.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    await t.http().post('/csc/v2/credentials/list').send({ userID: SIGNEES[0].nin }).expect(401);
  });

  it('certifies a test person with their NIN as a natural-person identifier, and nobody else', async () => {
    const csc = await CscSandboxClient.connect(t);
    const listed = await csc.call('credentials/list', { userID: SIGNEES[0].nin }).expect(200);
    expect(listed.body.credentialIDs).toHaveLength(1);
    const nobody = await csc.call('credentials/list', { userID: '29999999999' }).expect(200);
    expect(nobody.body).toEqual({ credentialIDs: [] });
    const info = await csc.call('credentials/info', { credentialID: listed.body.credentialIDs[0] }).expect(200);
    expect(info.body).toMatchObject({ SCAL: '2', authMode: 'explicit', key: { status: 'enabled' } });
    const certificate = new X509Certificate(Buffer.from(info.body.cert.certificates[0], 'base64'));
    expect(certificate.subject).toContain(`serialNumber=PNONG-${SIGNEES[0].nin}`);
    expect(certificate.subject).toContain('CN=Adaeze Okonkwo');
    // The QC statement's semantics identifier, id-etsi-qcs-semanticsId-Natural (0.4.0.194121.1.1), in DER.
    expect(certificate.raw.includes(Buffer.from('060704008bec490101', 'hex'))).toBe(true);
  });

  it('binds a SAD to exactly the authorized hashes: other hashes are refused at authorize and at signHash', async () => {
    const csc = await CscSandboxClient.connect(t);
    const credentialID = await csc.credentialOf(SIGNEES[0].nin);
    const approved = [sha256Base64('approved')];
    const other = [sha256Base64('something else')];
    const authData = await csc.authData(SIGNEES[0].nin, credentialID, approved);
    const refused = await csc.authorize(credentialID, other, authData).expect(400);
    expect(refused.body.error_description).toMatch(/other hashes/);
    await csc.authorize(credentialID, approved).expect(400);
    const { SAD } = (await csc.authorize(credentialID, approved, authData).expect(200)).body;
    await csc.signHash(credentialID, SAD, other).expect(400);
    expect((await csc.signHash(credentialID, SAD, approved).expect(200)).body.signatures).toHaveLength(1);
  });
});
