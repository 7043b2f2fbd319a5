import { randomBase62 } from '../../src/common/ids/random-id';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import {
  type DocumentSigner,
  currentDocument,
  simulatedDocumentSigner,
  startDocument,
  walletDocumentSigner,
} from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const REASON = 'Clause 4 names the wrong notice period — please send a corrected copy';
const TOO_LONG = 'x'.repeat(501);

describe(`decline reasons on ${dialect}`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let fileUrl: string;
  let ada: string;
  let jide: string;
  let phone: DocumentSigner;

  beforeAll(async () => {
    [receiver, files] = await Promise.all([WebhookReceiver.start(), FileHost.start()]);
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    [ada, jide] = sandbox.testPersons.map((person) => person.nin);
    phone = walletDocumentSigner(t.http, await enrolledDevice(t.app, t.http, jide), jide);
    fileUrl = files.put('/lease.pdf', await makePdf(2, 'Lease'));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([receiver?.close(), files?.close()]);
  });

  const reviewSignee = (nin: string) => ({
    nin,
    name: `Signee ${nin}`,
    type: 'person',
    email: 'a@b.example',
    representing: '',
  });

  /** A document for Ada and Jide, by push or on the review page, reporting to a fresh reference. */
  async function started(kind: 'signing' | 'review'): Promise<{ id: string; reference: string }> {
    const reference = `decline-${randomBase62(8)}`;
    const body = {
      ...(kind === 'signing' ? { to: [ada, jide] } : { signee: [reviewSignee(ada), reviewSignee(jide)] }),
      file: { url: fileUrl, title: 'Lease' },
      webhook: { host: receiver.url, reference },
    };
    return { id: (await startDocument(integrator, kind, body)).request.id, reference };
  }

  const reviewDecline = (id: string, body: object) => t.http().post(`/review/${id}/signees/1/decline`).send(body);

  const routes: Array<[string, 'signing' | 'review', (id: string, reason: string) => Promise<{ status: number }>]> = [
    ['the Wallet API', 'signing', (id, reason) => phone.decline(id, reason)],
    ['the sandbox simulator', 'signing', (id, reason) => simulatedDocumentSigner(integrator, jide).decline(id, reason)],
    ['the review page', 'review', (id, reason) => reviewDecline(id, { reason })],
  ];

  it.each(routes)('a reason given through %s is in the statusLog and the webhook', async (_route, kind, decline) => {
    const { id, reference } = await started(kind);
    expect((await decline(id, REASON)).status).toBe(kind === 'review' ? 200 : 201);

    const doc = await currentDocument(integrator, id);
    expect(doc.status).toBe('rejected');
    const entry = (doc.statusLog as JsonBody[]).find((logged) => logged.nin === jide);
    expect(entry).toMatchObject({ status: 'rejected', reason: REASON });
    expect((doc.statusLog as JsonBody[]).find((logged) => logged.nin === ada)).not.toHaveProperty('reason');

    const hits = await receiver.waitFor(reference, 2);
    const rejected = hits.find((hit) => hit.json.type === 'document.signee.rejected');
    expect(rejected?.json.data.signee).toEqual({ nin: jide, reason: REASON });
  });

  it('a decline without a reason shows none', async () => {
    const { id, reference } = await started('signing');
    expect((await phone.decline(id)).status).toBe(201);
    const entry = ((await currentDocument(integrator, id)).statusLog as JsonBody[]).find((e) => e.nin === jide);
    expect(entry).toEqual({ nin: jide, status: 'rejected', lut: expect.any(Number) });
    const hits = await receiver.waitFor(reference, 2);
    expect(hits.find((hit) => hit.json.type === 'document.signee.rejected')?.json.data.signee).toEqual({ nin: jide });
  });

  it.each(routes)(
    'a reason over 500 characters through %s is a 400 that changes nothing',
    async (_route, kind, decline) => {
      const { id, reference } = await started(kind);
      const before = await currentDocument(integrator, id);
      const refused = (await decline(id, TOO_LONG)) as unknown as { status: number; body: JsonBody };
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        status: 'failed',
        errors: [{ code: 'too_big', path: ['reason'], message: 'reason must be at most 500 characters' }],
      });
      const after = await currentDocument(integrator, id);
      expect(after.status).toBe('pending');
      expect(after.statusLog).toEqual(before.statusLog);
      // Exactly 500 characters is accepted, so the limit is where it says.
      expect((await decline(id, 'y'.repeat(500))).status).toBe(kind === 'review' ? 200 : 201);
      const hits = await receiver.waitFor(reference, 2);
      const rejected = hits.find((hit) => hit.json.type === 'document.signee.rejected');
      expect(rejected?.json.data.signee).toEqual({ nin: jide, reason: 'y'.repeat(500) });
    },
  );
});
