import type { Response } from 'supertest';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { SCOPES } from '../../src/tenants/scopes';
import { CreatedFlow, IntegratorClient } from '../support/integrator-client';
import { decryptClaims, recordOf } from '../support/released-claims';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';
import { createTenant } from '../support/tenant-factory';

const LOGIN = { action: 'login', claims: ['naming.name'], payload: 'Log in' };
const UNKNOWN_FLOW = `req_${'0'.repeat(24)}`;

function expectFailure(response: Response, status: number, reason: string | RegExp, version = 'v2'): void {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({
    status: 'failed',
    reason: typeof reason === 'string' ? reason : expect.stringMatching(reason),
    version,
  });
}

/** Who may start identification flows, watch and cancel them, and take them up (spec sections 4.2, 4.4, 5). */
describe('identification: credentials, tenancy, scopes and one-time codes', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  /** The bootstrap app: every scope. */
  let owner: IntegratorClient;
  /** Another sandbox app, of another consumer, with the default scopes. */
  let stranger: IntegratorClient;
  /** A production app with every scope and a `bk-live_` key. */
  let live: IntegratorClient;
  let nin: string;
  let phone: TestDevice;
  let otherPhone: TestDevice;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    owner = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const other = await createTenant(t.app);
    stranger = new IntegratorClient(t.http, { apiKey: other.apiKey, appSecret: other.appSecret });
    const production = await createTenant(t.app, { environment: 'production', scopes: [...SCOPES] });
    live = new IntegratorClient(t.http, { apiKey: production.apiKey, appSecret: production.appSecret });
    nin = sandbox.testPersons[0].nin;
    phone = await enrolledDevice(t.app, t.http, nin);
    otherPhone = await enrolledDevice(t.app, t.http, sandbox.testPersons[1].nin);
  });
  afterAll(() => t.close());

  /** The owner's client with only some of its credentials, plus a v1 token when given. */
  const withOnly = (credentials: Array<'apiKey' | 'appSecret'>, token?: string) =>
    new IntegratorClient(t.http, {
      apiKey: sandbox.apiKey,
      appSecret: credentials.includes('appSecret') ? sandbox.appSecret : undefined,
      token,
    });

  describe('v1 mirrors of the create routes (spec section 5, v1 table)', () => {
    let token: string;
    beforeAll(async () => {
      token = await owner.authorize();
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('same-device takes key + secret and echoes v1', async () => {
      const created = await withOnly(['apiKey', 'appSecret']).create('same-device', LOGIN, 'v1');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'successful', version: 'v1', data: { link: expect.any(String) } });
      expectFailure(
        await withOnly(['apiKey'], token).create('same-device', LOGIN, 'v1'),
        401,
        'The x-access-secret header is required',
        'v1',
      );
    });

    it('different-device takes key + token, echoes v1 and sets x-access-token', async () => {
      const created = await withOnly(['apiKey'], token).create('different-device', { ...LOGIN, user: nin }, 'v1');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ version: 'v1', data: { request: { user: nin } } });
      expect(created.headers['x-access-token']).toBe(created.body.data.token);
      expectFailure(
        await withOnly(['apiKey', 'appSecret']).create('different-device', { ...LOGIN, user: nin }, 'v1'),
        401,
        /^The x-access-token header is required/,
        'v1',
      );
    });

    it('wildcard takes the key alone or with a token, but not with a bad token', async () => {
      for (const client of [withOnly(['apiKey']), withOnly(['apiKey'], token)]) {
        const created = await client.create('wildcard', { ...LOGIN, seeds: 2 }, 'v1');
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          version: 'v1',
          data: { seeds: [expect.any(String), expect.any(String)] },
        });
      }
      const foreignToken = await stranger.authorize();
      for (const bad of [foreignToken, 'not-a-token']) {
        expectFailure(
          await withOnly(['apiKey'], bad).create('wildcard', { ...LOGIN, seeds: 2 }, 'v1'),
          401,
          'The x-access-token is not valid for the app of the x-api-key',
          'v1',
        );
      }
    });

    it('v2 wildcard takes the key alone; v2 same-device and different-device need the secret', async () => {
      expect((await withOnly(['apiKey']).create('wildcard', { ...LOGIN, seeds: 1 })).status).toBe(201);
      expectFailure(
        await withOnly(['apiKey']).create('same-device', LOGIN),
        401,
        'The x-access-secret header is required',
      );
      expectFailure(
        await withOnly(['apiKey'], token).create('different-device', { ...LOGIN, user: nin }),
        401,
        'The x-access-secret header is required',
      );
      const wrongSecret = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: `snb_${'x'.repeat(40)}` });
      expectFailure(
        await wrongSecret.create('same-device', LOGIN),
        401,
        'The x-access-secret does not match the app of the x-api-key',
      );
    });

    it('the token v2 different-device sets in x-access-token serves the v1 routes of that app', async () => {
      const created = await owner.create('different-device', { ...LOGIN, user: nin });
      expect(created.status).toBe(201);
      const v1 = withOnly(['apiKey'], created.headers['x-access-token']);
      const pinged = await v1.ping(created.body.data.request.id, 'v1');
      expect(pinged.status).toBe(200);
      expect(pinged.body).toMatchObject({ version: 'v1', data: { request: { status: 'pending', user: nin } } });
      const foreign = new IntegratorClient(t.http, {
        apiKey: stranger.credentials.apiKey,
        token: created.headers['x-access-token'],
      });
      expectFailure(
        await foreign.ping(created.body.data.request.id, 'v1'),
        401,
        'The x-access-token is not valid for the app of the x-api-key',
        'v1',
      );
    });

    it('v1 ping and cancel take key + token and echo v1; v2 ping and cancel need the secret', async () => {
      const flow = await owner.start('same-device', LOGIN);
      const v1 = withOnly(['apiKey'], token);
      const pinged = await v1.ping(flow.id, 'v1');
      expect(pinged.status).toBe(200);
      expect(pinged.body).toEqual({
        status: 'successful',
        reason: 'Flow state',
        version: 'v1',
        data: { request: await owner.view(flow.id) },
      });
      expectFailure(await withOnly(['apiKey', 'appSecret']).ping(flow.id, 'v1'), 401, /x-access-token/, 'v1');
      expectFailure(await withOnly(['apiKey'], token).ping(flow.id), 401, 'The x-access-secret header is required');
      expectFailure(await withOnly(['apiKey'], token).cancel(flow.id), 401, 'The x-access-secret header is required');
      expect((await owner.view(flow.id)).status).toBe('pending');

      const cancelled = await v1.cancel(flow.id, 'v1');
      expect(cancelled.status).toBe(201);
      expect(cancelled.body).toMatchObject({
        version: 'v1',
        data: { request: { status: 'cancelled', cancelled: true } },
      });
      expectFailure(await v1.cancel(flow.id, 'v1'), 409, 'The flow is already cancelled', 'v1');
    });
  });

  describe("another app's flow", () => {
    let flow: CreatedFlow;
    beforeAll(async () => {
      flow = await owner.start('different-device', { ...LOGIN, user: nin });
    });

    it('is answered exactly like an unknown flow on ping and cancel, v2 and v1', async () => {
      const token = await stranger.authorize();
      const strangerV1 = new IntegratorClient(t.http, { apiKey: stranger.credentials.apiKey, token });
      for (const [client, version] of [
        [stranger, 'v2'],
        [strangerV1, 'v1'],
      ] as const) {
        for (const route of ['ping', 'cancel'] as const) {
          const foreign = await client[route](flow.id, version);
          const unknown = await client[route](UNKNOWN_FLOW, version);
          expectFailure(foreign, 404, 'No such flow', version);
          expect(foreign.body).toEqual(unknown.body);
        }
      }
      expect(await owner.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
    });

    it('cannot be driven through the simulator by another sandbox app', async () => {
      for (const action of ['scan', 'approve', 'reject'] as const) {
        expectFailure(await stranger.simulate(action, flow.id, {}), 404, 'No such flow');
      }
      expect(await owner.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
    });
  });

  describe('scopes', () => {
    it.each([
      ['medical', ['naming.name', 'medical.bloodType'], 'claims:medical'],
      ['education', ['education.institution'], 'claims:education'],
      ['medical (lower-case alias)', ['medical.bloodtype'], 'claims:medical'],
    ])('refuse %s claims with 403 to an app without the claim scope', async (_, claims, scope) => {
      for (const mode of ['same-device', 'wildcard'] as const) {
        const body = { ...LOGIN, claims, ...(mode === 'wildcard' ? { seeds: 1 } : {}) };
        const response = await stranger.create(mode, body);
        expectFailure(response, 403, new RegExp(`not provisioned for .*contact support to enable ${scope}`));
      }
    });

    it('release medical and education claims to an app provisioned for them', async () => {
      const claims = ['medical.bloodType', 'medical.allergies', 'education.highestDegree'];
      const flow = await owner.start('same-device', { ...LOGIN, claims });
      const approved = await owner.simulate('approve', flow.id, { nin });
      expect(approved.status).toBe(201);
      await expect(decryptClaims(sandbox.privateKey, approved.body.data.request.claims)).resolves.toEqual(
        recordOf(nin, claims),
      );
    });

    it('refuse different-device identification with 403 to an app without identification:another', async () => {
      const response = await stranger.create('different-device', { ...LOGIN, user: nin });
      expectFailure(response, 403, /identification:another.*contact support|contact support.*identification:another/);
      expect((await stranger.create('same-device', LOGIN)).status).toBe(201);
    });

    it('a NIN nobody registered has no digital ID (400)', async () => {
      expectFailure(
        await owner.create('different-device', { ...LOGIN, user: '99999999999' }),
        400,
        'The national has no digital ID; offer signup or a wildcard flow instead',
      );
    });
  });

  it('claim aliases are stored and echoed in their catalog spelling, once each', async () => {
    const flow = await owner.start('different-device', {
      ...LOGIN,
      user: nin,
      claims: ['contact.emailverified', 'contact.emailVerified', 'contact.phoneverified', 'nationality.watchlisted'],
    });
    const normalised = ['contact.emailVerified', 'contact.phoneVerified', 'nationality.watchListed'];
    expect(flow.body.data.request.acquireClaims).toEqual(normalised);
    expect((await owner.view(flow.id)).acquireClaims).toEqual(normalised);
    const inbox = await phone.get(t.http, '/wallet/v1/inbox');
    expect(inbox.body.data.flows.find((entry: { id: string }) => entry.id === flow.id)).toMatchObject({
      requestedClaims: normalised,
    });
    expect((await phone.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, { claims: normalised })).status).toBe(201);
    await expect(decryptClaims(sandbox.privateKey, (await owner.view(flow.id)).claims)).resolves.toEqual(
      recordOf(nin, normalised),
    );
  });

  describe('production apps', () => {
    it('have bk-live_ keys, and the simulator refuses them with 403 and a reason', async () => {
      expect(live.credentials.apiKey).toMatch(/^bk-live_/);
      const flow = await live.start('wildcard', { ...LOGIN, seeds: 2 });
      for (const action of ['scan', 'approve', 'reject'] as const) {
        for (const id of [flow.id, UNKNOWN_FLOW]) {
          expectFailure(
            await live.simulate(action, id, {}),
            403,
            'The sandbox simulator serves sandbox apps only: this bk-live_ key belongs to a production app; use a bk-test_ key',
          );
        }
      }
      expect(await live.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
    });

    it("cannot be picked up by a sandbox device: the code is unknown in the device's environment", async () => {
      const flow = await live.start('wildcard', { ...LOGIN, seeds: 1 });
      const picked = await phone.post(t.http, '/wallet/v1/flows/pick-up', { code: flow.seeds?.[0] });
      expectFailure(picked, 404, 'No such flow');
      expect(await live.view(flow.id)).toMatchObject({ status: 'pending', onsession: false });
    });
  });

  describe('one-time codes', () => {
    const pickUp = (device: TestDevice, code: string | undefined) =>
      device.post(t.http, '/wallet/v1/flows/pick-up', { code });

    it('a same-device link belongs to the first device: a second device gets 409, the holder a repeat', async () => {
      const flow = await owner.start('same-device', LOGIN);
      expect((await pickUp(phone, flow.linkCode)).status).toBe(201);
      const held = await owner.view(flow.id);
      expect(held).toMatchObject({ status: 'active', onsession: true });

      expectFailure(
        await pickUp(otherPhone, flow.linkCode),
        409,
        'The flow has already been picked up by another device',
      );
      // The holder's app retrying (say after a lost answer) gets the flow it already holds.
      const again = await pickUp(phone, flow.linkCode);
      expect(again.status).toBe(201);
      expect(again.body.data.flow).toMatchObject({ id: flow.id, status: 'active', held: true });
      expect(await owner.view(flow.id)).toEqual(held);
      expect((await otherPhone.get(t.http, `/wallet/v1/flows/${flow.id}`)).status).toBe(404);
    });

    it("a wildcard flow's other seeds are void once one is scanned, and every seed once it ends", async () => {
      const flow = await owner.start('wildcard', { ...LOGIN, seeds: 3 });
      const [first, second, third] = flow.seeds as string[];
      expect((await pickUp(phone, second)).status).toBe(201);
      const held = await owner.view(flow.id);

      for (const seed of [first, second, third]) {
        expectFailure(await pickUp(otherPhone, seed), 409, 'The flow has already been picked up by another device');
      }
      // The device that scanned keeps the flow whichever seed it presents again.
      const again = await pickUp(phone, third);
      expect(again.body.data.flow).toMatchObject({ id: flow.id, held: true });
      expect(await owner.view(flow.id)).toEqual(held);

      expect((await phone.post(t.http, `/wallet/v1/flows/${flow.id}/approve`, { claims: [] })).status).toBe(201);
      for (const device of [phone, otherPhone]) {
        for (const seed of [first, second, third]) {
          expectFailure(await pickUp(device, seed), 409, 'The flow is already completed');
        }
      }
      expect(await owner.view(flow.id)).toMatchObject({ status: 'completed', user: nin });
    });

    it('a link of a flow that ended cannot be picked up', async () => {
      const flow = await owner.start('same-device', LOGIN);
      expect((await owner.cancel(flow.id)).status).toBe(201);
      expectFailure(await pickUp(phone, flow.linkCode), 409, 'The flow is already cancelled');
      expect(await owner.view(flow.id)).toMatchObject({ status: 'cancelled', onsession: false });
    });
  });
});
