import { createHmac } from 'node:crypto';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

interface Qr {
  startToken: string;
  startSecret: string;
}

/** A frame as the README defines it, computed here with node:crypto rather than with the service's code. */
function frame(qr: Qr, time: number, secret = qr.startSecret): string {
  const code = createHmac('sha256', Buffer.from(secret, 'utf8')).update(String(time)).digest('hex');
  return `idflow://qr?token=${qr.startToken}&time=${time}&code=${code}`;
}

describe(`animated QR codes on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let phone: TestDevice;

  beforeAll(async () => {
    t = await createTestApp();
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    phone = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const wildcard = async (): Promise<{ id: string; qr: Qr; createdAt: number }> => {
    const created = await integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }).expect(201);
    const { request, qr } = created.body.data;
    expect(qr).toEqual({ startToken: expect.stringMatching(/^[0-9A-Za-z]{32}$/), startSecret: expect.any(String) });
    return { id: request.id, qr, createdAt: request.iat * 1000 };
  };
  const elapsed = (createdAt: number) => Math.max(0, Math.floor((Date.now() - createdAt) / 1000));
  const scanWithPhone = (code: string) => phone.post(t.http, '/wallet/v1/flows/pick-up', { code });
  const scanInSimulator = (code: string) => integrator.post('/api/v2/sandbox/scan', { code });

  it('a frame of this second picks a wildcard flow up through the Wallet API', async () => {
    const { id, qr, createdAt } = await wildcard();
    const picked = await scanWithPhone(frame(qr, elapsed(createdAt)));
    expect(picked.status).toBe(201);
    expect(picked.body.data.flow).toMatchObject({ id, status: 'active', held: true });
  });

  it('a frame of this second picks a wildcard signing flow up through the simulator', async () => {
    const created = await integrator
      .post('/api/v2/signing/wildcard', { action: 'confirm', payload: 'Confirm by QR', seeds: 1 })
      .expect(201);
    const { request, qr } = created.body.data;
    const picked = await scanInSimulator(frame(qr, elapsed(request.iat * 1000))).expect(201);
    expect(picked.body.data.request).toMatchObject({ id: request.id, status: 'active' });
  });

  it('refuses a frame 30 seconds old, a forged one and an unknown token, and the flow stays pending', async () => {
    const { id, qr, createdAt } = await wildcard();
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 30_000);
    const old = await scanWithPhone(frame(qr, 0));
    expect(old.status).toBe(400);
    expect(old.body.reason).toMatch(/seconds off \(at most 10\)/);
    jest.restoreAllMocks();
    const forged = await scanWithPhone(frame(qr, elapsed(createdAt), 'not the secret'));
    expect(forged.status).toBe(400);
    expect(forged.body.reason).toMatch(/not made with the code on the screen/);
    const unknown = await scanWithPhone(frame({ ...qr, startToken: 'X'.repeat(32) }, elapsed(createdAt)));
    expect(unknown.status).toBe(404);
    await scanInSimulator(frame(qr, elapsed(createdAt) + 30)).expect(400);
    // The token alone is no code, and neither is a frame cut short.
    await scanWithPhone(qr.startToken).then((answer) => expect(answer.status).toBe(404));
    await scanWithPhone(`idflow://qr?token=${qr.startToken}&time=1`).then((answer) => expect(answer.status).toBe(400));
    expect((await integrator.view(id)).status).toBe('pending');
  });

  it('gives 20 concurrent valid scans, by 20 phones, one winner', async () => {
    const phones = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        enrolledDevice(t.app, t.http, sandbox.testPersons[index % sandbox.testPersons.length].nin),
      ),
    );
    const { id, qr, createdAt } = await wildcard();
    const code = frame(qr, elapsed(createdAt));
    const answers = await Promise.all(
      phones.map((device) => device.post(t.http, '/wallet/v1/flows/pick-up', { code })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.status)).toEqual(
      Array.from({ length: 19 }, () => 409),
    );
    expect((await integrator.view(id)).status).toBe('active');
  });

  it('draws the frame of this second for integrators who ask, and none for pushed flows', async () => {
    const { id, qr, createdAt } = await wildcard();
    const answer = await t.http().get('/api/v2/flow/qr').query({ request: id }).set(integrator.headers()).expect(200);
    const { time } = answer.body.data;
    expect(Math.abs(time - elapsed(createdAt))).toBeLessThanOrEqual(1);
    expect(answer.body.data.frame).toBe(frame(qr, time));
    const pushed = await integrator
      .create('different-device', {
        action: 'signup',
        claims: ['naming.name'],
        payload: 'Log in',
        user: sandbox.testPersons[0].nin,
      })
      .expect(201);
    expect(pushed.body.data).not.toHaveProperty('qr');
    const none = await t
      .http()
      .get('/api/v2/flow/qr')
      .query({ request: pushed.body.data.request.id })
      .set(integrator.headers());
    expect(none.status).toBe(400);
    await t.http().get('/api/v2/flow/qr').set(integrator.headers()).expect(400);
  });

  it('refuses unreadable scans with a 400 naming the field, and picks nothing up', async () => {
    for (const code of ['short', 42, 'x'.repeat(401)]) {
      const refused = await scanInSimulator(code as string);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: ['code'] })]);
    }
    const { id } = await wildcard();
    const badPick = await phone.post(t.http, `/wallet/v1/flows/${id}/approve`, { verificationCode: 'abcd' });
    expect(badPick.status).toBe(400);
    expect(badPick.body.errors).toEqual([expect.objectContaining({ path: ['verificationCode'] })]);
    expect((await integrator.view(id)).status).toBe('pending');
  });

  it('the simulator scans links, link codes and seed URIs as a phone opens them', async () => {
    const sameDevice = await integrator.create('same-device', SAME_DEVICE_LOGIN).expect(201);
    await scanInSimulator(sameDevice.body.data.link).expect(201);
    const seeded = await integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }).expect(201);
    const picked = await scanInSimulator(seeded.body.data.seeds[0]).expect(201);
    expect(picked.body.data.request).toMatchObject({ id: seeded.body.data.request.id, status: 'active' });
  });
});

describe(`STATIC_SEEDS=false on ${dialect}`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { STATIC_SEEDS: 'false' } });
  });
  afterAll(() => t.close());

  it('still answers seeds on create, but a seed picks nothing up; a frame does', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const created = await integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }).expect(201);
    const { seeds, qr, request } = created.body.data;
    expect(seeds).toHaveLength(1);
    const refused = await integrator.post('/api/v2/sandbox/scan', { code: seeds[0] });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toMatch(/Static seeds are not accepted/);
    expect((await integrator.view(request.id)).status).toBe('pending');
    const elapsed = Math.max(0, Math.floor((Date.now() - request.iat * 1000) / 1000));
    await integrator.post('/api/v2/sandbox/scan', { code: frame(qr, elapsed) }).expect(201);
  });
});
