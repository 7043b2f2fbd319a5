import { calculateJwkThumbprint, generateKeyPair } from 'jose';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { DevicesService } from '../../src/devices/devices.service';
import { TestApp, createTestApp } from '../support/test-app';
import { TestDevice } from '../support/test-device';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';

describe('Wallet API device proofs', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    nin = sandbox.testPersons[1].nin;
  });
  afterAll(() => t.close());

  const newCode = async () => (await t.app.get(DevicesService).issueEnrollmentCode(nin, 'sandbox')).code;

  describe('enrollment', () => {
    it.each(['ES256', 'EdDSA'] as const)('enrolls a %s device with a one-time code, once', async (alg) => {
      const code = await newCode();
      const device = await TestDevice.create(alg);
      const response = await t
        .http()
        .post('/wallet/v1/devices')
        .set('authorization', await device.proof('POST', '/wallet/v1/devices'))
        .send({ code, label: 'Phone' })
        .expect(201);
      expect(response.body.data.device).toMatchObject({ id: expect.stringMatching(/^dev_/), nin, alg, label: 'Phone' });

      const second = await TestDevice.create(alg);
      const reuse = await t
        .http()
        .post('/wallet/v1/devices')
        .set('authorization', await second.proof('POST', '/wallet/v1/devices'))
        .send({ code })
        .expect(401);
      expect(reuse.body.reason).toBe('The enrollment code is unknown, already used or expired');
    });

    it('refuses a key that is already enrolled', async () => {
      const device = await enrolledDevice(t.app, t.http, nin);
      device.id = undefined;
      const response = await t
        .http()
        .post('/wallet/v1/devices')
        .set('authorization', await device.proof('POST', '/wallet/v1/devices'))
        .send({ code: await newCode() })
        .expect(409);
      expect(response.body.reason).toBe('This public key is already enrolled as a device');
    });

    it('keeps the code of an enrollment that loses to the same key enrolled at the same moment', async () => {
      // Two enrollments of one key, each past the check for an enrolled key before either registers it.
      const device = await TestDevice.create();
      const key = {
        alg: 'ES256' as const,
        publicJwk: device.publicJwk,
        thumbprint: await calculateJwkThumbprint(device.publicJwk),
      };
      const codes = [await newCode(), await newCode()];
      const outcomes = await Promise.allSettled(
        codes.map((code) => t.app.get(DevicesService).enroll(code, key, 'Phone')),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      // The refused enrollment spent nothing: its code enrolls another key.
      const kept = codes[outcomes.findIndex((outcome) => outcome.status === 'rejected')];
      await (await TestDevice.create()).enroll(t.http, kept);
    });

    it('refuses a proof whose header key did not sign it', async () => {
      const device = await TestDevice.create();
      const { privateKey: other } = await generateKeyPair('ES256');
      await t
        .http()
        .post('/wallet/v1/devices')
        .set('authorization', await device.proof('POST', '/wallet/v1/devices', { signWith: other }))
        .send({ code: await newCode() })
        .expect(401);
    });
  });

  describe('signed requests', () => {
    let device: TestDevice;
    let flowId: string;

    beforeAll(async () => {
      device = await enrolledDevice(t.app, t.http, nin);
      const created = await t
        .http()
        .post('/api/v2/identification/different-device')
        .set(credentials(sandbox))
        .send({ user: nin, action: 'login', claims: ['naming.name'], payload: 'Log in' })
        .expect(201);
      flowId = created.body.data.request.id;
    });

    const approvePath = () => `/wallet/v1/flows/${flowId}/approve`;
    const attempt = async (authorization: string | undefined) => {
      const request = t.http().post(approvePath());
      if (authorization) request.set('authorization', authorization);
      return request.send({ claims: ['naming.name'] });
    };

    it.each([
      ['no proof', async () => undefined, 'send Authorization: Device <proof>'],
      ['another scheme', async () => 'Bearer abc', 'send Authorization: Device <proof>'],
      ['not a JWS', async () => 'Device not-a-jws', 'not a compact JWS'],
      [
        'a stale proof',
        async () => device.proof('POST', approvePath(), { ageSeconds: -120 }),
        'iat must be within 60 seconds',
      ],
      [
        'a proof from the future',
        async () => device.proof('POST', approvePath(), { ageSeconds: 120 }),
        'iat must be within',
      ],
      [
        'a proof for another path',
        async () => device.proof('POST', approvePath(), { htu: '/wallet/v1/inbox' }),
        'another request',
      ],
      [
        'a proof for another method',
        async () => device.proof('POST', approvePath(), { htm: 'GET' }),
        'another request',
      ],
      ['a short jti', async () => device.proof('POST', approvePath(), { jti: 'x' }), 'jti must be'],
      [
        'a proof signed by another key',
        async () => device.proof('POST', approvePath(), { signWith: (await generateKeyPair('ES256')).privateKey }),
        'bad signature',
      ],
    ])('refuses %s with 401 and leaves the flow untouched', async (_, makeProof, reason) => {
      const response = await attempt(await makeProof());
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ status: 'failed', reason: expect.stringContaining(reason) });
      const state = await t
        .http()
        .post('/api/v2/flow/ping')
        .set(credentials(sandbox))
        .send({ request: flowId })
        .expect(200);
      expect(state.body.data.request).toMatchObject({ status: 'pending', onsession: false });
    });

    it('accepts a proof once and refuses its replay', async () => {
      const proof = await device.proof('GET', '/wallet/v1/inbox');
      const first = await t.http().get('/wallet/v1/inbox').set('authorization', proof).expect(200);
      expect(first.body.data.flows.map((flow: { id: string }) => flow.id)).toContain(flowId);
      const replay = await t.http().get('/wallet/v1/inbox').set('authorization', proof).expect(401);
      expect(replay.body.reason).toBe('Device proof rejected: this proof was already used');
    });

    it("refuses another person's device: it cannot see or approve the flow", async () => {
      const stranger = await enrolledDevice(t.app, t.http, sandbox.testPersons[2].nin);
      expect((await stranger.get(t.http, `/wallet/v1/flows/${flowId}`)).status).toBe(404);
      expect((await stranger.post(t.http, approvePath(), { claims: [] })).status).toBe(404);
    });

    it('refuses consent to a claim the flow did not ask for', async () => {
      const response = await device.post(t.http, approvePath(), { claims: ['bio.gender'] });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([
        { code: 'custom', path: ['claims', 0], message: 'bio.gender was not requested by this flow' },
      ]);
    });
  });
});
