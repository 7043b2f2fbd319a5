import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { SoftwarePasskey } from '../support/software-passkey';
import { TestApp, createTestApp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';

const describeScaledOut = process.env.DATABASE_URL && process.env.REDIS_URL ? describe : describe.skip;

describe('passkeys on the Wallet API: approvals from a passkey device need a fresh assertion for that flow', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let device: TestDevice;
  let passkey: SoftwarePasskey;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nin = sandbox.testPersons[0].nin;
    device = await enrolledDevice(t.app, t.http, nin);
    passkey = new SoftwarePasskey(new URL(t.config.BASE_URL).origin);
  });
  afterAll(() => t.close());

  /** A pushed login that the device has accepted, waiting for its approval. */
  async function heldFlow(): Promise<string> {
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in to Acme',
    });
    expect((await device.post(t.http, `/wallet/v1/flows/${flow.id}/accept`)).status).toBe(201);
    return flow.id;
  }
  async function assertionFor(flowId: string, choices: Parameters<SoftwarePasskey['get']>[1] = {}) {
    const options = await device.post(t.http, `/wallet/v1/flows/${flowId}/passkey-challenge`);
    expect(options.status).toBe(201);
    expect(options.body.data.options).toMatchObject({
      userVerification: 'required',
      allowCredentials: [{ id: passkey.id }],
    });
    return passkey.get(options.body.data.options, choices);
  }
  const approve = (flowId: string, body: object) => device.post(t.http, `/wallet/v1/flows/${flowId}/approve`, body);
  async function expectRefused(flowId: string, body: object, reason: string): Promise<void> {
    const refused = await approve(flowId, body);
    expect({ status: refused.status, reason: refused.body.reason }).toEqual({
      status: 403,
      reason: `Passkey refused: ${reason}`,
    });
    const seen = await integrator.view(flowId);
    expect(seen.status).toBe('active');
    expect(seen.claims).toBeUndefined();
  }

  it('registers a passkey against the device with user verification required and a resident key preferred', async () => {
    const unregistered = await device.post(t.http, `/wallet/v1/flows/${await heldFlow()}/passkey-challenge`);
    expect(unregistered.status).toBe(403);
    expect(unregistered.body.reason).toBe('Passkey refused: this device has no passkey');

    const options = await device.post(t.http, '/wallet/v1/devices/passkey/options');
    expect(options.status).toBe(201);
    expect(options.body.data.options).toMatchObject({
      rp: { id: new URL(t.config.BASE_URL).hostname, name: 'idflow' },
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      attestation: 'none',
    });
    const unverified = await device.post(t.http, '/wallet/v1/devices/passkey', {
      credential: passkey.create(options.body.data.options, { userVerified: false }),
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body.reason).toMatch(/^Passkey refused: .*user .*verif/i);

    const fresh = await device.post(t.http, '/wallet/v1/devices/passkey/options');
    const registered = await device.post(t.http, '/wallet/v1/devices/passkey', {
      credential: passkey.create(fresh.body.data.options),
    });
    expect(registered.status).toBe(201);
    expect(registered.body.data).toEqual({ passkey: { deviceId: device.id, createdAt: expect.any(Number) } });
    const again = await device.post(t.http, '/wallet/v1/devices/passkey/options');
    expect({ status: again.status, reason: again.body.reason }).toEqual({
      status: 409,
      reason: 'This device already has a passkey',
    });
  });

  it('issues no challenge for a flow that does not exist', async () => {
    const unknown = await device.post(t.http, `/wallet/v1/flows/req_${'x'.repeat(100)}/passkey-challenge`);
    expect({ status: unknown.status, reason: unknown.body.reason }).toEqual({ status: 404, reason: 'No such flow' });
  });

  it('refuses an approval without an assertion, and releases nothing', async () => {
    const flowId = await heldFlow();
    await expectRefused(
      flowId,
      { claims: ['naming.name'] },
      'this device has a passkey, so an approval needs a fresh assertion made for this flow ' +
        `(POST /wallet/v1/flows/${flowId}/passkey-challenge)`,
    );
  });

  it('approves with a fresh user-verified assertion for the flow, and refuses that assertion replayed', async () => {
    const flowId = await heldFlow();
    const assertion = await assertionFor(flowId);
    const approved = await approve(flowId, { claims: ['naming.name'], passkey: assertion });
    expect(approved.status).toBe(201);
    expect(approved.body.data.flow.status).toBe('completed');
    expect((await integrator.view(flowId)).status).toBe('completed');

    const replayed = await approve(flowId, { claims: ['naming.name'], passkey: assertion });
    expect({ status: replayed.status, reason: replayed.body.reason }).toEqual({
      status: 403,
      reason: 'Passkey refused: the assertion was already used',
    });
  });

  it("refuses another flow's assertion, one without user verification, and one from another origin", async () => {
    const [flowId, otherId] = [await heldFlow(), await heldFlow()];
    const others = await assertionFor(otherId);
    await expectRefused(
      flowId,
      { claims: ['naming.name'], passkey: others },
      'the assertion was made for another flow',
    );

    const unverified = await assertionFor(flowId, { userVerified: false });
    const refused = await approve(flowId, { claims: ['naming.name'], passkey: unverified });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toMatch(/^Passkey refused: .*user .*verif/i);

    const phished = await assertionFor(flowId, { origin: 'https://id.example.evil' });
    const elsewhere = await approve(flowId, { claims: ['naming.name'], passkey: phished });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.reason).toMatch(/^Passkey refused: .*origin/i);
    expect((await integrator.view(flowId)).status).toBe('active');

    // The refusals spent nothing of the flow: a right assertion still approves it.
    const approved = await approve(flowId, { claims: ['naming.name'], passkey: await assertionFor(flowId) });
    expect(approved.status).toBe(201);
  });

  it("refuses an assertion by another device's passkey", async () => {
    const flowId = await heldFlow();
    const other = await enrolledDevice(t.app, t.http, nin);
    const options = await other.post(t.http, '/wallet/v1/devices/passkey/options');
    const registered = await other.post(t.http, '/wallet/v1/devices/passkey', {
      credential: new SoftwarePasskey(new URL(t.config.BASE_URL).origin).create(options.body.data.options),
    });
    expect(registered.status).toBe(201);
    const stolen = await assertionFor(flowId);
    const refused = await other.post(t.http, `/wallet/v1/flows/${flowId}/approve`, { passkey: stolen });
    expect({ status: refused.status, reason: refused.body.reason }).toEqual({
      status: 403,
      reason: "Passkey refused: the assertion is not by this device's passkey",
    });
    expect((await integrator.view(flowId)).status).toBe('active');
  });

  it('lets an operator list and revoke the passkey: the device approves nothing until it registers a new one', async () => {
    const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
    const listed = await admin().get(`/admin/persons/sandbox/${nin}/passkeys`).expect(200);
    expect(listed.body.data.passkeys).toContainEqual({
      deviceId: device.id,
      deviceLabel: expect.any(String),
      transports: expect.any(Array),
      createdAt: expect.any(Number),
      revokedAt: null,
      deviceRevokedAt: null,
    });

    // The holder app learns the passkey's state from its inbox, the device stream's first event as this route.
    const passkeyState = async (holder: TestDevice) => (await holder.get(t.http, '/wallet/v1/inbox')).body.data.passkey;
    await expect(passkeyState(device)).resolves.toBe('registered');
    const revoked = await admin().post(`/admin/devices/${device.id}/passkey/revoke`).expect(201);
    await expect(passkeyState(device)).resolves.toBe('revoked');
    expect(revoked.body.data).toMatchObject({ deviceId: device.id, revokedAt: expect.any(Number) });
    const again = await admin().post(`/admin/devices/${device.id}/passkey/revoke`).expect(201);
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);

    const flowId = await heldFlow();
    const revokedReason = "this device's passkey was revoked: the holder registers a new one before approving again";
    await expectRefused(flowId, { claims: ['naming.name'] }, revokedReason);
    const challenge = await device.post(t.http, `/wallet/v1/flows/${flowId}/passkey-challenge`);
    expect({ status: challenge.status, reason: challenge.body.reason }).toEqual({
      status: 403,
      reason: `Passkey refused: ${revokedReason}`,
    });

    passkey = new SoftwarePasskey(new URL(t.config.BASE_URL).origin);
    const options = await device.post(t.http, '/wallet/v1/devices/passkey/options');
    expect(options.status).toBe(201);
    const registered = await device.post(t.http, '/wallet/v1/devices/passkey', {
      credential: passkey.create(options.body.data.options),
    });
    expect(registered.status).toBe(201);
    await expect(passkeyState(device)).resolves.toBe('registered');
    const approved = await approve(flowId, { claims: ['naming.name'], passkey: await assertionFor(flowId) });
    expect(approved.status).toBe(201);
    const relisted = await admin().get(`/admin/persons/sandbox/${nin}/passkeys`).expect(200);
    expect(relisted.body.data.passkeys.find((one: { deviceId: string }) => one.deviceId === device.id)).toMatchObject({
      revokedAt: null,
    });

    const noPasskey = await enrolledDevice(t.app, t.http, nin);
    await expect(passkeyState(noPasskey)).resolves.toBe('none');
    const missing = await admin().post(`/admin/devices/${noPasskey.id}/passkey/revoke`).expect(404);
    expect(missing.body.reason).toBe('This device has no passkey');
  });
});

describeScaledOut('passkey challenges across two instances sharing PostgreSQL', () => {
  let issuer: TestApp;
  let other: TestApp;

  beforeAll(async () => {
    issuer = await createTestApp();
    other = await createTestApp({ env: { DATABASE_SCHEMA: issuer.config.DATABASE_SCHEMA as string } });
  });
  afterAll(async () => {
    await issuer.close();
    await other.close();
  });

  it('an assertion over a challenge one instance issued approves on the other, once, and is refused replayed on either', async () => {
    const sandbox = await bootstrapSandbox(issuer.app);
    const integrator = new IntegratorClient(issuer.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const nin = sandbox.testPersons[0].nin;
    const device = await enrolledDevice(issuer.app, issuer.http, nin);
    const passkey = new SoftwarePasskey(new URL(issuer.config.BASE_URL).origin);
    const creation = await device.post(issuer.http, '/wallet/v1/devices/passkey/options');
    const credential = passkey.create(creation.body.data.options);
    expect((await device.post(other.http, '/wallet/v1/devices/passkey', { credential })).status).toBe(201);

    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Hi',
    });
    expect((await device.post(issuer.http, `/wallet/v1/flows/${flow.id}/accept`)).status).toBe(201);
    const options = await device.post(issuer.http, `/wallet/v1/flows/${flow.id}/passkey-challenge`);
    const approval = { claims: [], passkey: passkey.get(options.body.data.options) };
    const [first, second] = await Promise.all([
      device.post(other.http, `/wallet/v1/flows/${flow.id}/approve`, approval),
      device.post(issuer.http, `/wallet/v1/flows/${flow.id}/approve`, approval),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 403]);
    expect([first, second].find(({ status }) => status === 403)?.body.reason).toBe(
      'Passkey refused: the assertion was already used',
    );
  });
});
