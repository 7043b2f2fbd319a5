import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

describe(`verification codes of pushed flows on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let files: FileHost;
  let phone: TestDevice;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    files = await FileHost.start();
    nin = sandbox.testPersons[0].nin;
    phone = await enrolledDevice(t.app, t.http, nin);
  });
  afterAll(async () => {
    await files.close();
    await t.close();
  });

  /** The code as documented, computed here without the service's code: SHA-256 of the stamp, last two bytes mod 10000. */
  const expectedCode = async (flowId: string) => {
    const { stamp } = await t.app.get(DataSource).getRepository(Flow).findOneByOrFail({ id: flowId });
    const digest = createHash('sha256').update(stamp).digest();
    return String(((digest[30] << 8) | digest[31]) % 10_000).padStart(4, '0');
  };

  /** What the person's phone shows for the flow: in the inbox, and when it reads the flow. */
  const codesOnThePhone = async (flowId: string) => {
    const inbox = await phone.get(t.http, '/wallet/v1/inbox');
    const listed = inbox.body.data.flows.find((flow: { id: string }) => flow.id === flowId);
    const read = await phone.get(t.http, `/wallet/v1/flows/${flowId}`);
    return [listed?.verificationCode, read.body.data.flow.verificationCode];
  };

  it('identification: the create answers the code the phone shows', async () => {
    const created = await integrator
      .create('different-device', { action: 'signup', claims: ['naming.name'], payload: 'Log in', user: nin })
      .expect(201);
    const { verificationCode, request } = created.body.data;
    expect(verificationCode).toMatch(/^\d{4}$/);
    expect(verificationCode).toBe(await expectedCode(request.id));
    expect(await codesOnThePhone(request.id)).toEqual([verificationCode, verificationCode]);
  });

  it('signing: the create answers the code the phone shows, and the phone still shows it once it has accepted', async () => {
    const created = await integrator
      .post('/api/v2/signing/different-device', { action: 'confirm', nin, payload: 'Confirm order 12' })
      .expect(201);
    const { verificationCode, request } = created.body.data;
    expect(verificationCode).toBe(await expectedCode(request.id));
    expect(await codesOnThePhone(request.id)).toEqual([verificationCode, verificationCode]);
    const accepted = await phone.post(t.http, `/wallet/v1/flows/${request.id}/accept`);
    expect(accepted.body.data.flow.verificationCode).toBe(verificationCode);
  });

  it('documents: the create answers the code every signee is shown', async () => {
    const created = await integrator
      .post('/api/v2/document/signing', {
        to: [nin],
        file: { url: files.put('/code.pdf', await makePdf(1)), title: 'Coded' },
        webhook: { host: 'https://example.com/hook', reference: 'coded' },
      })
      .expect(201);
    const { verificationCode, request } = created.body.data;
    expect(verificationCode).toBe(await expectedCode(request.id));
    expect(await codesOnThePhone(request.id)).toEqual([verificationCode, verificationCode]);
  });

  describe("verification: 'choice'", () => {
    const choiceFlow = async () => {
      const created = await integrator
        .create('different-device', {
          action: 'signup',
          claims: ['naming.name'],
          payload: 'Log in',
          user: nin,
          verification: 'choice',
        })
        .expect(201);
      return created.body.data as { request: { id: string }; verificationCode: string };
    };

    it('the phone shows three codes, the right one among them, and not which', async () => {
      const { request, verificationCode } = await choiceFlow();
      const read = await phone.get(t.http, `/wallet/v1/flows/${request.id}`);
      const { verificationChoices } = read.body.data.flow;
      expect(read.body.data.flow).not.toHaveProperty('verificationCode');
      expect(verificationChoices).toHaveLength(3);
      expect(verificationChoices).toContain(verificationCode);
      const approved = await phone.post(t.http, `/wallet/v1/flows/${request.id}/approve`, {
        claims: ['naming.name'],
        verificationCode,
      });
      expect(approved.status).toBe(201);
      expect((await integrator.view(request.id)).status).toBe('completed');
    });

    it('a wrong pick declines the flow; no pick is a 400 that changes nothing', async () => {
      const { request, verificationCode } = await choiceFlow();
      const read = await phone.get(t.http, `/wallet/v1/flows/${request.id}`);
      const wrong = read.body.data.flow.verificationChoices.find((code: string) => code !== verificationCode);
      const unpicked = await phone.post(t.http, `/wallet/v1/flows/${request.id}/approve`, { claims: [] });
      expect(unpicked.status).toBe(400);
      expect(unpicked.body.errors).toEqual([expect.objectContaining({ path: ['verificationCode'] })]);
      expect((await integrator.view(request.id)).status).toBe('pending');
      const picked = await phone.post(t.http, `/wallet/v1/flows/${request.id}/approve`, {
        claims: [],
        verificationCode: wrong,
      });
      expect(picked.status).toBe(400);
      expect(picked.body.reason).toMatch(/not the one on the screen/);
      expect((await integrator.view(request.id)).status).toBe('rejected');
    });

    it('the simulator picks the right code', async () => {
      const { request } = await choiceFlow();
      await integrator.simulate('approve', request.id, { nin }).expect(201);
      expect((await integrator.view(request.id)).status).toBe('completed');
    });

    it('refuses another mode with a 400 naming the field', async () => {
      const refused = await integrator.create('different-device', {
        action: 'signup',
        claims: ['naming.name'],
        payload: 'Log in',
        user: nin,
        verification: 'guess',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: ['verification'] })]);
    });
  });

  it('flows the person starts themselves have none', async () => {
    const sameDevice = await integrator.create('same-device', SAME_DEVICE_LOGIN).expect(201);
    expect(sameDevice.body.data).not.toHaveProperty('verificationCode');
    const wildcard = await integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }).expect(201);
    expect(wildcard.body.data).not.toHaveProperty('verificationCode');
  });
});
