import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import {
  completedDocument,
  downloadFile,
  sha256,
  startDocument,
  walletDocumentSigner,
} from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf, pdfToText } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { createTenant } from '../support/tenant-factory';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const WEBHOOK = { host: 'https://shop.example/webhooks/idflow', reference: 'audit' };
const DOCUMENT_TTL_SECONDS = 7 * 24 * 3600;
const masked = (nin: string) => `*******${nin.slice(-4)}`;

describe(`document audit trail on ${dialect}`, () => {
  let t: TestApp;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let original: Buffer;
  let fileUrl: string;
  let ada: string;
  let jide: string;
  let adaPhone: TestDevice;
  let jidePhone: TestDevice;
  const ADA_IP = randomClientIp();
  const JIDE_IP = randomClientIp();

  beforeAll(async () => {
    files = await FileHost.start();
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    [ada, jide] = sandbox.testPersons.map((person) => person.nin);
    [adaPhone, jidePhone] = await Promise.all([
      enrolledDevice(t.app, t.http, ada),
      enrolledDevice(t.app, t.http, jide),
    ]);
    original = await makePdf(2, 'Audit contract');
    fileUrl = files.put('/audit.pdf', original);
  });
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const phone = (device: TestDevice, nin: string, ip: string) =>
    walletDocumentSigner(() => t.http().set('x-real-ip', ip), device, nin);
  const start = async (people: object) =>
    (
      await startDocument(integrator, 'signing', {
        ...people,
        file: { url: fileUrl, title: 'Audit' },
        webhook: WEBHOOK,
      })
    ).request.id as string;

  async function auditOf(flow: string, version: 'v1' | 'v2' = 'v2'): Promise<JsonBody[]> {
    const response =
      version === 'v2'
        ? await integrator.post('/api/v2/document/audit', { flow })
        : await t
            .http()
            .post('/api/v1/document/audit')
            .set({ 'x-api-key': sandbox.apiKey, 'x-access-token': await integrator.authorize() })
            .send({ flow });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'successful', reason: 'Document audit trail', version });
    expect(response.body.data.flow).toBe(flow);
    return response.body.data.events;
  }

  it('lists every event in order, and the stamped PDF ends with the same trail on its completion page', async () => {
    const id = await start({ to: [ada, jide], signingOrder: 'sequential' });
    expect((await phone(adaPhone, ada, ADA_IP).sign(id)).status).toBe(201);
    expect((await phone(jidePhone, jide, JIDE_IP).sign(id)).status).toBe(201);
    const doc = await completedDocument(integrator, id);
    const stamped = (await downloadFile(t.http, (doc.file as JsonBody).stamped as string)).body as Buffer;

    const events = await auditOf(id);
    const digest = sha256(original);
    const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(events).toEqual([
      { type: 'created', at: expect.stringMatching(ISO_MS), nin: null, deviceId: null, ip: expect.any(String), digest },
      { type: 'pushed', at: expect.any(String), nin: masked(ada), deviceId: null, ip: null, digest },
      { type: 'viewed', at: expect.any(String), nin: masked(ada), deviceId: adaPhone.id, ip: null, digest },
      { type: 'signed', at: expect.any(String), nin: masked(ada), deviceId: adaPhone.id, ip: ADA_IP, digest },
      { type: 'pushed', at: expect.any(String), nin: masked(jide), deviceId: null, ip: null, digest },
      { type: 'viewed', at: expect.any(String), nin: masked(jide), deviceId: jidePhone.id, ip: null, digest },
      { type: 'signed', at: expect.any(String), nin: masked(jide), deviceId: jidePhone.id, ip: JIDE_IP, digest },
      { type: 'stamped', at: expect.any(String), nin: null, deviceId: null, ip: null, digest: sha256(stamped) },
      { type: 'sealed', at: expect.any(String), nin: null, deviceId: null, ip: null, digest: sha256(stamped) },
    ]);
    const times = events.map((event) => Date.parse(event.at as string));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(await auditOf(id, 'v1')).toEqual(events);

    // The page is made before the stamp and the seal are recorded: it prints every event up to the last signature.
    const text = pdfToText(stamped);
    const certificate = text.slice(text.lastIndexOf('Certificate of completion'));
    expect(certificate).toContain(id);
    const printed = events.slice(0, -2).map((event, index) => `${index + 1}. ${event.type} ${event.at}`);
    let from = 0;
    for (const line of printed) {
      const at = certificate.indexOf(line, from);
      expect({ line, found: at >= 0 }).toEqual({ line, found: true });
      from = at + line.length;
    }
    expect(certificate).not.toContain(`${printed.length + 1}. stamped`);
    for (const seen of [masked(ada), adaPhone.id, ADA_IP, jidePhone.id, JIDE_IP, `SHA-256 ${digest}`]) {
      expect(certificate).toContain(seen);
    }
    expect(certificate).not.toContain(ada);
  });

  it('records a decline with its reason, a cancel and an expiry', async () => {
    const declined = await start({ to: [ada, jide] });
    expect((await phone(jidePhone, jide, JIDE_IP).decline(declined, 'Wrong party named')).status).toBe(201);
    expect((await auditOf(declined)).map((event) => event.type)).toEqual(['created', 'pushed', 'pushed', 'declined']);
    expect((await auditOf(declined))[3]).toMatchObject({
      nin: masked(jide),
      deviceId: jidePhone.id,
      ip: JIDE_IP,
      reason: 'Wrong party named',
    });

    const cancelled = await start({ to: [ada] });
    expect((await integrator.cancel(cancelled)).status).toBe(201);
    expect((await auditOf(cancelled)).map((event) => event.type)).toEqual(['created', 'pushed', 'cancelled']);

    const expired = await start({ to: [ada] });
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + (DOCUMENT_TTL_SECONDS + 60) * 1000);
    await t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS);
    jest.restoreAllMocks();
    expect((await auditOf(expired)).map((event) => event.type)).toEqual(['created', 'pushed', 'expired']);
  });

  it("refuses without the secret (401) and answers 404 for another app's document", async () => {
    const id = await start({ to: [ada] });
    const keyOnly = await t
      .http()
      .post('/api/v2/document/audit')
      .set({ 'x-api-key': sandbox.apiKey })
      .send({ flow: id });
    expect(keyOnly.status).toBe(401);
    const other = await createTenant(t.app, { scopes: ['document:sign'] });
    const stranger = new IntegratorClient(t.http, { apiKey: other.apiKey, appSecret: other.appSecret });
    const foreign = await stranger.post('/api/v2/document/audit', { flow: id });
    expect({ status: foreign.status, reason: foreign.body.reason }).toEqual({ status: 404, reason: 'No such flow' });
    const short = await integrator.post('/api/v2/document/audit', { flow: 'doc_short' });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].path).toEqual(['flow']);
  });
});
