import { compactDecrypt, importPKCS8 } from 'jose';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { TestApp, createTestApp } from '../support/test-app';
import { bootstrapSandbox, credentials, enrolledDevice, testPerson } from '../support/sandbox-tenant';

describe('identification end to end', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    nin = sandbox.testPersons[0].nin;
  });
  afterAll(() => t.close());

  const create = (mode: string, body: object) =>
    t.http().post(`/api/v2/identification/${mode}`).set(credentials(sandbox)).send(body);
  const ping = (id: string) => t.http().post('/api/v2/flow/ping').set(credentials(sandbox)).send({ request: id });

  async function decrypt(claims: Record<string, Record<string, string>>) {
    const key = await importPKCS8(sandbox.privateKey, 'RSA-OAEP-256');
    const out: Record<string, Record<string, unknown>> = {};
    for (const [group, values] of Object.entries(claims)) {
      for (const [name, jwe] of Object.entries(values)) {
        const { plaintext } = await compactDecrypt(jwe, key);
        out[group] = { ...out[group], [name]: JSON.parse(new TextDecoder().decode(plaintext)) };
      }
    }
    return out;
  }

  it('same-device: the device opens the link, approves a subset, and the app decrypts exactly that subset', async () => {
    const created = await create('same-device', {
      action: 'login',
      claims: ['naming.name', 'contact.email', 'contact.emailverified'],
      payload: 'Log in to Acme',
    }).expect(201);
    expect(created.body).toMatchObject({ status: 'successful', version: 'v2' });
    const { link, request } = created.body.data;
    expect(request).toMatchObject({
      mode: 'identification',
      action: 'login',
      user: '',
      name: 'Sandbox app',
      acquireClaims: ['naming.name', 'contact.email', 'contact.emailVerified'],
      payload: 'Log in to Acme',
    });
    expect(request.consumer).toMatch(/^bcn_.{4}\*\*\*\*.{4}$/);
    expect(request.exp - request.iat).toBe(300);
    expect(link).toMatch(new RegExp(`^${t.config.OPEN_URL}/open/[0-9A-Za-z]{32}$`));

    const device = await enrolledDevice(t.app, t.http, nin);
    const code = link.split('/').pop();
    const picked = await device.post(t.http, '/wallet/v1/flows/pick-up', { code });
    expect(picked.status).toBe(201);
    expect(picked.body.data.flow).toMatchObject({ id: request.id, status: 'active', held: true, app: 'Sandbox app' });
    expect((await ping(request.id).expect(200)).body.data.request).toMatchObject({ status: 'active', onsession: true });

    const approved = await device.post(t.http, `/wallet/v1/flows/${request.id}/approve`, {
      claims: ['naming.name', 'contact.emailVerified'],
    });
    expect(approved.status).toBe(201);
    const done = (await ping(request.id).expect(200)).body.data.request;
    expect(done).toMatchObject({ status: 'completed', cancelled: false, user: nin, subject: expect.any(String) });
    const person = testPerson(nin);
    await expect(decrypt(done.claims)).resolves.toEqual({
      naming: { name: person.claims.naming.name },
      contact: { emailVerified: person.claims.contact.emailVerified },
    });
  });

  it('sandbox simulator: approve a same-device flow as the first test person with every requested claim', async () => {
    const created = await create('same-device', {
      action: 'signup',
      claims: ['bio.birthdate'],
      payload: 'Sign up',
    }).expect(201);
    const id = created.body.data.request.id;
    const approved = await t
      .http()
      .post(`/api/v2/sandbox/flows/${id}/approve`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    expect(approved.body.data.request).toMatchObject({ status: 'completed', user: nin });
    await expect(decrypt(approved.body.data.request.claims)).resolves.toEqual({
      bio: { birthdate: testPerson(nin).claims.bio.birthdate },
    });
  });

  it('different-device: the test person has a digital ID at once, and the simulator approves as them', async () => {
    const created = await create('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.family'],
      payload: 'Log in',
    });
    expect(created.status).toBe(201);
    expect(created.headers['x-access-token']).toBe(created.body.data.token);
    expect(created.body.data.request.user).toBe(nin);
    const approved = await t
      .http()
      .post(`/api/v2/sandbox/flows/${created.body.data.request.id}/approve`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    await expect(decrypt(approved.body.data.request.claims)).resolves.toEqual({
      naming: { family: testPerson(nin).claims.naming.family },
    });
  });

  it('different-device: a NIN without a digital ID gets 400', async () => {
    const response = await create('different-device', {
      user: sandbox.ninWithoutDigitalId,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in',
    }).expect(400);
    expect(response.body).toEqual({
      status: 'failed',
      reason: 'The national has no digital ID; offer signup or a wildcard flow instead',
      version: 'v2',
    });
  });
});
