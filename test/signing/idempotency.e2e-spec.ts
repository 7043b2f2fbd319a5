import { DataSource } from 'typeorm';
import { Flow } from '../../src/flows/flow.entity';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { DEFAULT_SCOPES } from '../../src/tenants/scopes';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import { LocalServer } from '../support/local-server';
import { makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp } from '../support/test-app';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const SAME_DEVICE = '/api/v2/identification/same-device';

describe(`Idempotency-Key on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let slowFiles: LocalServer;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', FREE_MONTHLY_ALLOWANCE: '1' },
    });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    pdf = await makePdf(1);
    // A file host that takes a second to answer: a document create is still running when its repeat arrives.
    slowFiles = await LocalServer.start((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf), 1000).unref();
    });
  });
  afterAll(async () => {
    await t.close();
    await slowFiles.close();
  });

  const flowsOf = (appId: string) => t.app.get(DataSource).getRepository(Flow).countBy({ appId });
  const post = (client: IntegratorClient, path: string, key: string, body: object) =>
    t
      .http()
      .post(path)
      .set({ ...client.headers(), 'idempotency-key': key })
      .send(body);

  it('answers a repeat with the first answer, marked replayed, and creates nothing more', async () => {
    const before = await flowsOf(sandbox.appId);
    const first = await post(integrator, SAME_DEVICE, 'create-once-1', SAME_DEVICE_LOGIN).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(integrator, SAME_DEVICE, 'create-once-1', SAME_DEVICE_LOGIN).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await flowsOf(sandbox.appId)).toBe(before + 1);
  });

  it('replays the access token header of a different-device create with its body', async () => {
    const body = { action: 'signup', claims: ['naming.name'], payload: 'Log in', user: sandbox.testPersons[1].nin };
    const path = '/api/v2/identification/different-device';
    const first = await post(integrator, path, 'token-header', body).expect(201);
    expect(first.headers['x-access-token']).toEqual(expect.any(String));
    const again = await post(integrator, path, 'token-header', body).expect(201);
    expect(again.headers['x-access-token']).toBe(first.headers['x-access-token']);
  });

  it('refuses the key with another body (422) and creates nothing', async () => {
    await post(integrator, SAME_DEVICE, 'create-once-2', SAME_DEVICE_LOGIN).expect(201);
    const before = await flowsOf(sandbox.appId);
    const other = await post(integrator, SAME_DEVICE, 'create-once-2', { ...SAME_DEVICE_LOGIN, payload: 'Other' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ status: 'failed', reason: expect.stringMatching(/different request/) });
    const elsewhere = await post(integrator, '/api/v2/identification/wildcard', 'create-once-2', SAME_DEVICE_LOGIN);
    expect(elsewhere.status).toBe(422);
    expect(await flowsOf(sandbox.appId)).toBe(before);
  });

  it('answers 409 to a repeat that arrives while the first is still running, then replays', async () => {
    const body = {
      to: [sandbox.testPersons[0].nin],
      file: { url: `${slowFiles.origin}/contract.pdf`, title: 'Slow contract' },
      webhook: { host: 'https://example.com/hook', reference: 'slow' },
    };
    const first = post(integrator, '/api/v2/document/signing', 'slow-document', body).then((response) => response);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await post(integrator, '/api/v2/document/signing', 'slow-document', body);
    expect(during.status).toBe(409);
    expect(during.body.reason).toMatch(/still being processed/);
    expect((await first).status).toBe(201);
    const after = await post(integrator, '/api/v2/document/signing', 'slow-document', body).expect(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.body.data.request.id).toBe((await first).body.data.request.id);
  });

  it('gives concurrent repeats one flow between them', async () => {
    const before = await flowsOf(sandbox.appId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(integrator, SAME_DEVICE, 'concurrent-1', SAME_DEVICE_LOGIN)),
    );
    expect(await flowsOf(sandbox.appId)).toBe(before + 1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.filter((answer) => answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.status);
      if (answer.status === 201) expect(answer.body.data.request.id).toBe(created[0].body.data.request.id);
    }
  });

  it('scopes keys per app', async () => {
    const other = await createTenant(t.app);
    const otherClient = new IntegratorClient(t.http, { apiKey: other.apiKey, appSecret: other.appSecret });
    const mine = await post(integrator, SAME_DEVICE, 'shared-key', SAME_DEVICE_LOGIN).expect(201);
    const theirs = await post(otherClient, SAME_DEVICE, 'shared-key', SAME_DEVICE_LOGIN).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.request.id).not.toBe(mine.body.data.request.id);
  });

  it('frees the key of a request that failed, so a corrected retry goes ahead', async () => {
    const invalid = await post(integrator, SAME_DEVICE, 'fixed-retry', { ...SAME_DEVICE_LOGIN, claims: ['no.such'] });
    expect(invalid.status).toBe(400);
    const fixed = await post(integrator, SAME_DEVICE, 'fixed-retry', SAME_DEVICE_LOGIN).expect(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after a day: the same key then makes a new flow', async () => {
    const first = await post(integrator, SAME_DEVICE, 'a-day-later', SAME_DEVICE_LOGIN).expect(201);
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 25 * 60 * 60 * 1000);
    try {
      const later = await post(integrator, SAME_DEVICE, 'a-day-later', SAME_DEVICE_LOGIN).expect(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.body.data.request.id).not.toBe(first.body.data.request.id);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('refuses a key over 255 characters or not printable, with a 400 naming the header', async () => {
    const before = await flowsOf(sandbox.appId);
    for (const key of ['k'.repeat(256), 'tab\there']) {
      const refused = await post(integrator, SAME_DEVICE, key, SAME_DEVICE_LOGIN).expect(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ path: ['Idempotency-Key'] })]);
    }
    await post(integrator, SAME_DEVICE, 'k'.repeat(255), SAME_DEVICE_LOGIN).expect(201);
    expect(await flowsOf(sandbox.appId)).toBe(before + 1);
  });

  it('does not bill a replay', async () => {
    const live = await createTenant(t.app, { environment: 'production', scopes: DEFAULT_SCOPES });
    const liveClient = new IntegratorClient(t.http, { apiKey: live.apiKey, appSecret: live.appSecret });
    const first = await post(liveClient, SAME_DEVICE, 'billed-once', SAME_DEVICE_LOGIN).expect(201);
    // The free allowance of one is spent: a second create would be refused with 402, a replay is not.
    const replay = await post(liveClient, SAME_DEVICE, 'billed-once', SAME_DEVICE_LOGIN).expect(201);
    expect(replay.body).toEqual(first.body);
    await post(liveClient, SAME_DEVICE, 'billed-twice', SAME_DEVICE_LOGIN).expect(402);
  });

  it('makes cancel repeatable: the repeat gets the first answer, not "already cancelled"', async () => {
    const { id } = await integrator.start('same-device', SAME_DEVICE_LOGIN);
    const first = await post(integrator, '/api/v2/flow/cancel', 'cancel-once', { request: id }).expect(201);
    const again = await post(integrator, '/api/v2/flow/cancel', 'cancel-once', { request: id }).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    await integrator.cancel(id).expect(409);
  });

  const scaledOut = process.env.DATABASE_URL ? it : it.skip;
  scaledOut('replays on another instance sharing the database', async () => {
    const other = await createTestApp({ env: { DATABASE_SCHEMA: t.config.DATABASE_SCHEMA as string } });
    try {
      const otherClient = new IntegratorClient(other.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
      const first = await post(integrator, SAME_DEVICE, 'across-instances', SAME_DEVICE_LOGIN).expect(201);
      const again = await other
        .http()
        .post(SAME_DEVICE)
        .set({ ...otherClient.headers(), 'idempotency-key': 'across-instances' })
        .send(SAME_DEVICE_LOGIN)
        .expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    } finally {
      await other.close();
    }
  });
});
