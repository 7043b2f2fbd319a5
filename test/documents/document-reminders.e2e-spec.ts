import { randomBase62 } from '../../src/common/ids/random-id';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { DOCUMENT_REMINDER_PASS } from '../../src/documents/document-passes';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { startDocument, walletDocumentSigner } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const HOUR = 3600;
const DAY = 24 * HOUR;
const DOCUMENT_TTL_SECONDS = 7 * DAY;
const REMINDERS = { firstAfterSeconds: HOUR, everySeconds: 2 * HOUR, max: 2 };
const ENV = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };

describe(`document reminders and expiry warnings on ${dialect}`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let fileUrl: string;
  let nins: string[];
  let phones: TestDevice[];
  const realNow = Date.now.bind(Date);

  beforeAll(async () => {
    [receiver, files] = await Promise.all([WebhookReceiver.start(), FileHost.start()]);
    t = await createTestApp({ env: ENV });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nins = sandbox.testPersons.slice(0, 3).map((person) => person.nin);
    phones = await Promise.all(nins.map((nin) => enrolledDevice(t.app, t.http, nin)));
    fileUrl = files.put('/reminded.pdf', await makePdf(1, 'Reminded'));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([receiver?.close(), files?.close()]);
  });
  afterEach(() => jest.restoreAllMocks());

  /** Moves every clock in this process this many seconds past the real time. */
  const at = (seconds: number) => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + seconds * 1000);
  /** One reminder pass: how many reminders and warnings it sent (0 when one was already under way there). */
  const pass = async (app: TestApp = t) =>
    ((await app.app.get(BackgroundWork).runOnce(DOCUMENT_REMINDER_PASS)) as number | undefined) ?? 0;
  const phone = (index: number) => walletDocumentSigner(t.http, phones[index], nins[index]);

  async function start(people: object, extra: object = { reminders: REMINDERS }) {
    const reference = `remind-${randomBase62(8)}`;
    const body = {
      ...people,
      ...extra,
      file: { url: fileUrl, title: 'Reminded' },
      webhook: { host: receiver.url, reference },
    };
    return { id: (await startDocument(integrator, 'signing', body)).request.id as string, reference };
  }

  /** The webhooks queued for this reference, by type, as the app lists its deliveries. */
  async function queued(reference: string, type: string): Promise<JsonBody[]> {
    const response = await t.http().get('/api/v2/webhooks/deliveries').query({ reference }).set(integrator.headers());
    expect(response.status).toBe(200);
    return (response.body.data.deliveries as JsonBody[]).filter((delivery) => delivery.type === type);
  }

  async function remindedNins(id: string): Promise<string[]> {
    const response = await integrator.post('/api/v2/document/audit', { flow: id });
    return (response.body.data.events as JsonBody[])
      .filter((event) => event.type === 'reminded')
      .map((event) => event.nin as string);
  }
  const masked = (index: number) => `*******${nins[index].slice(-4)}`;

  it('reminds pending signees on schedule, stops for one who signs, and stops after max', async () => {
    const { id, reference } = await start({ to: [nins[0], nins[1]] });
    at(HOUR - 60);
    expect(await pass()).toBe(0);
    at(HOUR + 1);
    expect(await pass()).toBe(2);
    expect(await pass()).toBe(0);
    expect(await remindedNins(id)).toEqual([masked(0), masked(1)]);

    jest.restoreAllMocks();
    expect((await phone(1).sign(id)).status).toBe(201);
    at(3 * HOUR + 2);
    expect(await pass()).toBe(1);
    at(30 * HOUR);
    expect(await pass()).toBe(0);
    expect(await remindedNins(id)).toEqual([masked(0), masked(1), masked(0)]);

    expect(await queued(reference, 'document.signee.reminded')).toHaveLength(3);
    // The clock stays moved until they are in: they were queued at the moved times. Three reminders and one signature.
    const hits = await receiver.waitFor(reference, 3 + 1);
    const bodies = hits
      .filter((hit) => hit.json.type === 'document.signee.reminded')
      .map((hit) => hit.json.data.signee);
    expect(bodies).toEqual(
      expect.arrayContaining([
        { nin: nins[0], reminder: 1 },
        { nin: nins[1], reminder: 1 },
        { nin: nins[0], reminder: 2 },
      ]),
    );
  });

  it('in sequential order reminds only the current step, counting from when each step is asked', async () => {
    const { id } = await start({ to: [nins[0], nins[1]], signingOrder: 'sequential' });
    at(HOUR + 1);
    expect(await pass()).toBe(1);
    expect(await remindedNins(id)).toEqual([masked(0)]);
    jest.restoreAllMocks();
    expect((await phone(0).sign(id)).status).toBe(201);
    // The second signee was asked just now: their first reminder is an hour from now, not from the creation.
    at(HOUR - 60);
    expect(await pass()).toBe(0);
    at(HOUR + 1);
    expect(await pass()).toBe(1);
    jest.restoreAllMocks();
    expect(await remindedNins(id)).toEqual([masked(0), masked(1)]);
  });

  it('sends nothing once the document has ended', async () => {
    const { id, reference } = await start({ to: [nins[0], nins[1]] });
    expect((await phone(0).decline(id)).status).toBe(201);
    at(HOUR + 1);
    expect(await pass()).toBe(0);
    jest.restoreAllMocks();
    expect(await queued(reference, 'document.signee.reminded')).toEqual([]);
  });

  it('warns once, 24 hours before an open document expires', async () => {
    const { reference } = await start({ to: [nins[2]] }, {});
    at(DOCUMENT_TTL_SECONDS - DAY - 60);
    await pass();
    expect(await queued(reference, 'document.expiring')).toEqual([]);
    at(DOCUMENT_TTL_SECONDS - DAY + 1);
    await pass();
    expect(await queued(reference, 'document.expiring')).toHaveLength(1);
    at(DOCUMENT_TTL_SECONDS - 60);
    await pass();
    expect(await queued(reference, 'document.expiring')).toHaveLength(1);
    const [hit] = await receiver.waitFor(reference, 1);
    expect(hit.json).toMatchObject({ type: 'document.expiring', data: { doc: { status: 'pending' } } });
  });

  const scaledOut = process.env.DATABASE_URL ? it : it.skip;
  scaledOut('two instances on one database send each reminder exactly once', async () => {
    const other = await createTestApp({ env: { ...ENV, DATABASE_SCHEMA: t.config.DATABASE_SCHEMA as string } });
    try {
      const { id, reference } = await start({ to: nins });
      at(HOUR + 1);
      const counts = await Promise.all([pass(), pass(other), pass(), pass(other)]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
      at(3 * HOUR + 2);
      const again = await Promise.all([pass(other), pass(), pass(other), pass()]);
      expect(again.reduce((sum, count) => sum + count, 0)).toBe(3);
      jest.restoreAllMocks();
      expect(await queued(reference, 'document.signee.reminded')).toHaveLength(6);
      expect((await remindedNins(id)).sort()).toEqual([0, 0, 1, 1, 2, 2].map(masked).sort());
    } finally {
      await other.close();
    }
  });
});
