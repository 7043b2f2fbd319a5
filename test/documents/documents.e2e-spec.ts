import { PDFDocument } from '@cantoo/pdf-lib';
import { type JSONWebKeySet, createLocalJWKSet, jwtVerify } from 'jose';
import { Webhook } from 'standardwebhooks';
import { randomBase62 } from '../../src/common/ids/random-id';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { NotAPdfError } from '../../src/documents/errors/not-a-pdf.error';
import { PdfReadingPool } from '../../src/documents/pdf-reading.pool';
import { DOCUMENT_SEALING_PASS } from '../../src/documents/document-sealing.service';
import { FLOW_EXPIRY_PASS } from '../../src/flows/flow-expiry.sweeper';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import {
  completedDocument,
  createDocument,
  currentDocument,
  downloadFile,
  refreshDocument,
  sha256,
  simulatedDocumentSigner,
  startDocument,
  storedFiles,
  walletDocumentSigner,
} from '../support/document-flows';
import { signChallenge } from '../support/device-signature';
import { eventually } from '../support/waiting';
import { IntegratorClient } from '../support/integrator-client';
import { farFilterBomb } from '../support/pdf-bombs';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice, testPerson } from '../support/sandbox-tenant';
import { EVENT_LOOP_FREE_MS, expectEventLoopFree, probeServingThread } from '../support/serving-thread-probe';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';
import type { TestDevice } from '../support/test-device';
import { ReceivedWebhook, WebhookReceiver } from '../support/webhook-receiver';
import type { JsonBody } from '../support/json-body';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

const SIGN_URL = 'https://sign.idflow.test';
const CDN_URL = 'https://cdn.idflow.test';
/** The file host and the webhook receiver listen on 127.0.0.1 over plain http. */
const ENV = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', SIGN_URL, CDN_URL };
const DOCUMENT_TTL_SECONDS = 7 * 24 * 3600;
const ORIGINAL_PAGES = 3;
const TITLE = 'Service agreement 1042';
/** The stamp adds a signature page and the certificate of completion. */
const STAMPED_EXTRA_PAGES = 2;

const STAMPED_URL = new RegExp(`^${CDN_URL.replace(/\./g, '\\.')}/files/[0-9A-Za-z]{40}\\.pdf$`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const newReference = (label: string) => `${label}-${randomBase62(8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const masked = (id: string) => `${id.slice(0, 8)}****${id.slice(-4)}`;

/** Verifies a webhook as an integrator would: the standardwebhooks package and the app's `whsec_` secret. */
const verifyWebhook = (secret: string, hit: ReceivedWebhook) =>
  new Webhook(secret).verify(hit.body, {
    'webhook-id': String(hit.headers['webhook-id']),
    'webhook-timestamp': String(hit.headers['webhook-timestamp']),
    'webhook-signature': String(hit.headers['webhook-signature']),
  });

describe(`documents on ${dialect}`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let files: FileHost;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let jwks: JSONWebKeySet;
  /** Where the app listens, for the streams (SSE needs a real socket). */
  let baseUrl: string;
  let original: Buffer;
  let fileUrl: string;
  /** Adaeze and Babajide sign; Hauwa is on no document unless a test says so. */
  let ada: string;
  let jide: string;
  let hauwa: string;
  const ADA_IP = randomClientIp();
  const JIDE_IP = randomClientIp();
  let adaPhone: TestDevice;
  let jidePhone: TestDevice;
  let hauwaPhone: TestDevice;

  beforeAll(async () => {
    [receiver, files] = await Promise.all([WebhookReceiver.start(), FileHost.start()]);
    t = await createTestApp({ env: ENV });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    [ada, jide, hauwa] = sandbox.testPersons.map((person) => person.nin);
    adaPhone = await enrolledDevice(t.app, t.http, ada);
    jidePhone = await enrolledDevice(t.app, t.http, jide, 'EdDSA');
    hauwaPhone = await enrolledDevice(t.app, t.http, hauwa);
    jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
    original = await makePdf(ORIGINAL_PAGES, TITLE);
    fileUrl = files.put('/contracts/1042.pdf', original);
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([receiver.close(), files.close()]);
  });
  afterEach(() => jest.restoreAllMocks());

  const phoneOf = (device: TestDevice, nin: string, ip = randomClientIp()) =>
    walletDocumentSigner(() => t.http().set('x-real-ip', ip), device, nin);
  const simulated = (nin: string) => simulatedDocumentSigner(integrator, nin);
  const signingBody = (to: string[], reference: string) => ({
    to,
    file: { url: fileUrl, title: TITLE },
    webhook: { host: receiver.url, reference },
  });
  const start = async (to: string[], reference: string) =>
    (await startDocument(integrator, 'signing', signingBody(to, reference))).request;
  const statusLog = (doc: JsonBody) =>
    Object.fromEntries((doc.statusLog as Array<{ nin: string; status: string }>).map((e) => [e.nin, e.status]));

  /** The deliveries of this reference as the app lists them. */
  async function deliveries(reference: string): Promise<Array<{ status: string }>> {
    const response = await t.http().get('/api/v2/webhooks/deliveries').query({ reference }).set(integrator.headers());
    expect(response.status).toBe(200);
    return response.body.data.deliveries;
  }

  /**
   * The webhooks of this reference once `count` were delivered, each verified with the app's secret, in arrival order.
   * A moved clock stays moved until they are in (the deliveries were queued at the moved time), then is put back.
   */
  async function webhooks(reference: string, count: number) {
    await receiver.waitFor(reference, count);
    for (let tries = 0; ; tries++) {
      const listed = await deliveries(reference);
      if (listed.length >= count && listed.every((delivery) => delivery.status === 'succeeded')) break;
      if (tries > 200) throw new Error(`deliveries of ${reference}: ${JSON.stringify(listed)}`);
      await sleep(25);
    }
    jest.restoreAllMocks();
    // Every delivery of the reference has succeeded: none is still on its way.
    const hits = receiver.hitsFor(reference);
    expect(hits).toHaveLength(count);
    expect((await deliveries(reference)).length).toBe(count);
    return hits.map((hit) => {
      expect(verifyWebhook(sandbox.webhookSecret, hit)).toEqual(hit.json);
      return hit.json;
    });
  }

  /** Checks a receipt offline with the service's JWKS: who signed which document, and over which digest. */
  async function verifyReceipt(receipt: string, nin: string, flowId: string) {
    const { payload } = await jwtVerify(receipt, createLocalJWKSet(jwks), { typ: 'idflow-signature+jwt' });
    expect(payload).toMatchObject({ sub: nin, flow: flowId, payload_sha256: sha256(original) });
    return payload;
  }

  /** Moves the clock past every document's expiry and runs the sweeper, as its timer would. */
  async function expireDocuments(): Promise<void> {
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + (DOCUMENT_TTL_SECONDS + 60) * 1000);
    await t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS);
  }

  describe('signing mode, two signees', () => {
    it('completes on two phones through the Wallet API: statuses, receipts, the stamped PDF and the webhooks', async () => {
      const reference = newReference('phones');
      const creatorIp = randomClientIp();
      const created = await t
        .http()
        .post('/api/v2/document/signing')
        .set('x-real-ip', creatorIp)
        .set(integrator.headers())
        .send(signingBody([ada, jide], reference));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ status: 'successful', reason: 'Document flow created', version: 'v2' });
      const doc = created.body.data.request;
      expect(Object.keys(created.body.data)).toEqual(['request', 'verificationCode']);
      const now = Math.floor(Date.now() / 1000);
      expect(doc).toEqual({
        id: expect.stringMatching(/^doc_[0-9A-Za-z]{40,}$/),
        to: [ada, jide],
        destination: 'app',
        handled: false,
        iat: expect.any(Number),
        exp: doc.iat + DOCUMENT_TTL_SECONDS,
        lut: doc.iat,
        domain: 'sandbox',
        mode: 'signing',
        file: { source: fileUrl, name: TITLE, sha256: sha256(original), pages: ORIGINAL_PAGES },
        hook: { host: receiver.url, reference },
        signee: [ada, jide].map((nin) => ({
          name: testPerson(nin).name,
          type: 'person',
          email: testPerson(nin).claims.contact.email,
          nin,
          representing: '',
        })),
        statusLog: [
          { nin: ada, status: 'notified', lut: doc.iat },
          { nin: jide, status: 'notified', lut: doc.iat },
        ],
        signatures: [],
        request: { client: masked(sandbox.consumerId), app: masked(sandbox.appId), ip: creatorIp },
        status: 'pending',
        cancelled: false,
      });
      expect(Math.abs(doc.iat - now)).toBeLessThanOrEqual(2);
      expect(doc.id.length).toBeGreaterThanOrEqual(40);

      // Ada's phone has it in the inbox, reads it (viewed) and is shown the original's digest to sign.
      const inbox = await adaPhone.get(t.http, '/wallet/v1/inbox');
      expect(inbox.body.data.flows).toContainEqual(
        expect.objectContaining({
          id: doc.id,
          mode: 'document',
          document: expect.objectContaining({ signeeStatus: 'notified' }),
        }),
      );
      const read = await adaPhone.get(t.http, `/wallet/v1/flows/${doc.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data.flow).toMatchObject({
        id: doc.id,
        mode: 'document',
        payload: TITLE,
        challenge: { flow: doc.id, payloadSha256: sha256(original) },
        document: {
          name: TITLE,
          sha256: sha256(original),
          pages: ORIGINAL_PAGES,
          signeeStatus: 'viewed',
          signature: 'seal',
        },
      });
      const shown = await downloadFile(t.http, read.body.data.flow.document.url);
      expect(shown.status).toBe(200);
      expect(Buffer.compare(shown.body, original)).toBe(0);
      expect(statusLog(await currentDocument(integrator, doc.id))).toEqual({ [ada]: 'viewed', [jide]: 'notified' });

      // Hauwa is not a signee: her phone cannot see it, sign it or find it in her inbox.
      expect((await hauwaPhone.get(t.http, `/wallet/v1/flows/${doc.id}`)).status).toBe(404);
      const forged = await signChallenge(hauwaPhone, read.body.data.flow.challenge);
      const outsider = await hauwaPhone.post(t.http, `/wallet/v1/flows/${doc.id}/approve`, { signature: forged });
      expect(outsider.status).toBe(404);
      const hauwaInbox = await hauwaPhone.get(t.http, '/wallet/v1/inbox');
      expect(hauwaInbox.body.data.flows.map((flow: { id: string }) => flow.id)).not.toContain(doc.id);

      const adaSigns = await phoneOf(adaPhone, ada, ADA_IP).sign(doc.id);
      expect(adaSigns.status).toBe(201);
      expect(adaSigns.body.data.flow).toMatchObject({
        id: doc.id,
        status: 'in_progress',
        document: { signeeStatus: 'signed' },
      });
      const halfway = await currentDocument(integrator, doc.id);
      expect(halfway).toMatchObject({ status: 'in_progress', handled: false, cancelled: false });
      expect(halfway.file.stamped).toBeUndefined();
      expect(statusLog(halfway)).toEqual({ [ada]: 'signed', [jide]: 'notified' });
      expect(halfway.signatures.map((signature: { nin: string }) => signature.nin)).toEqual([ada]);
      const again = await phoneOf(adaPhone, ada).sign(doc.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ status: 'failed', reason: 'This signee has already signed this document' });
      const adaInbox = await adaPhone.get(t.http, '/wallet/v1/inbox');
      expect(adaInbox.body.data.flows.map((flow: { id: string }) => flow.id)).not.toContain(doc.id);

      const jideSigns = await phoneOf(jidePhone, jide, JIDE_IP).sign(doc.id);
      expect(jideSigns.status).toBe(201);
      // The last signature is answered once it commits; the stamped copy is made after it.
      expect(jideSigns.body.data.flow).toMatchObject({ document: { signeeStatus: 'signed' } });
      expect(['in_progress', 'completed']).toContain(jideSigns.body.data.flow.status);

      const done = await completedDocument(integrator, doc.id);
      expect(done).toMatchObject({ id: doc.id, status: 'completed', handled: true, cancelled: false });
      expect(done.file).toEqual({ ...doc.file, stamped: expect.stringMatching(STAMPED_URL) });
      expect(statusLog(done)).toEqual({ [ada]: 'signed', [jide]: 'signed' });
      expect(done.lut).toBeGreaterThanOrEqual(doc.lut);
      const ips = { [ada]: ADA_IP, [jide]: JIDE_IP };
      for (const signee of done.signee) {
        expect(signee).toEqual({
          ...doc.signee.find((s: { nin: string }) => s.nin === signee.nin),
          signedAt: expect.any(Number),
          ip: ips[signee.nin],
        });
        expect(Math.abs(signee.signedAt - now)).toBeLessThanOrEqual(10);
      }
      expect(done.signatures).toHaveLength(2);
      const devices = { [ada]: adaPhone.id, [jide]: jidePhone.id };
      for (const [index, nin] of [ada, jide].entries()) {
        const record = done.signatures[index];
        expect(record).toEqual({
          nin,
          name: testPerson(nin).name,
          representing: '',
          iat: done.signee[index].signedAt,
          identification: expect.stringMatching(UUID),
          signature: expect.any(String),
        });
        const receipt = await verifyReceipt(record.signature, nin, doc.id);
        expect(receipt.device).toBe(devices[nin]);
      }
      expect(done.signatures[0].identification).not.toBe(done.signatures[1].identification);
      // A receipt is bound to its document: it does not cover another digest.
      const { payload } = await jwtVerify(done.signatures[0].signature, createLocalJWKSet(jwks));
      expect(payload.payload_sha256).not.toBe(sha256(Buffer.concat([original, Buffer.from(' ')])));

      const stamped = await downloadFile(t.http, done.file.stamped);
      expect(stamped.status).toBe(200);
      // The key is the only access control: a guessed one finds nothing.
      expect((await downloadFile(t.http, `${CDN_URL}/files/${'A'.repeat(40)}.pdf`)).status).toBe(404);
      expect(stamped.headers['content-type']).toMatch(/^application\/pdf/);
      expect(sha256(stamped.body)).not.toBe(sha256(original));
      const pdf = await PDFDocument.load(stamped.body);
      expect(pdf.getPageCount()).toBe(ORIGINAL_PAGES + STAMPED_EXTRA_PAGES);
      expect(pdf.getTitle()).toBe(`Signed document ${doc.id}`);

      const events = await webhooks(reference, 3);
      expect(events.map((event) => event.type).sort()).toEqual([
        'document.completed',
        'document.signee.signed',
        'document.signee.signed',
      ]);
      for (const event of events) expect(event).toMatchObject({ reference, flow: doc.id });
      const signed = events.filter((event) => event.type === 'document.signee.signed');
      expect(signed.map((event) => (event.data.signee as { nin: string }).nin).sort()).toEqual([ada, jide].sort());
      expect(signed.find((event) => (event.data.signee as { nin: string }).nin === ada)?.data.doc).toMatchObject({
        id: doc.id,
        status: 'in_progress',
      });
      const completed = events.find((event) => event.type === 'document.completed');
      expect(completed?.data.doc).toMatchObject({
        id: doc.id,
        status: 'completed',
        file: { stamped: done.file.stamped },
        signatures: done.signatures,
      });
    });

    it("refuses a phone's signature that is missing, over another digest or by another key, and changes nothing", async () => {
      const reference = newReference('bad-signature');
      const doc = await start([ada, jide], reference);
      const read = await adaPhone.get(t.http, `/wallet/v1/flows/${doc.id}`);
      const challenge = read.body.data.flow.challenge;
      const approve = (body: object) => adaPhone.post(t.http, `/wallet/v1/flows/${doc.id}/approve`, body);
      const refusals: Array<[object, string]> = [
        [{}, 'signature is required'],
        [
          { signature: await signChallenge(adaPhone, challenge, { payloadSha256: sha256('another file') }) },
          'signature covers another flow or another payload',
        ],
        [
          { signature: await signChallenge(adaPhone, challenge, { signWith: hauwaPhone['privateKey'] }) },
          "signature was not made by this device's key",
        ],
      ];
      for (const [body, message] of refusals) {
        const response = await approve(body);
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([expect.objectContaining({ path: ['signature'], message })]);
      }
      const current = await currentDocument(integrator, doc.id);
      expect(current).toMatchObject({ status: 'pending', signatures: [] });
      expect(statusLog(current)).toEqual({ [ada]: 'viewed', [jide]: 'notified' });
      // A delivery is written with the change it reports: none now means none ever.
      expect(await deliveries(reference)).toEqual([]);
    });

    it('sits in the inbox among other pushed flows newest first, by creation rather than expiry', async () => {
      const olderDoc = await start([hauwa], newReference('inbox-order'));
      const login = await integrator.post('/api/v2/identification/different-device', {
        user: hauwa,
        action: 'login',
        claims: ['naming.name'],
        payload: 'Log in',
      });
      expect(login.status).toBe(201);
      const newerDoc = await start([hauwa], newReference('inbox-order'));
      const inbox = await hauwaPhone.get(t.http, '/wallet/v1/inbox');
      const ids = inbox.body.data.flows.map((flow: { id: string }) => flow.id);
      expect(ids.filter((id: string) => [olderDoc.id, login.body.data.request.id, newerDoc.id].includes(id))).toEqual([
        newerDoc.id,
        login.body.data.request.id,
        olderDoc.id,
      ]);
    });

    it('completes through the simulator, each test person signing with their virtual device', async () => {
      const reference = newReference('simulated');
      const doc = await start([ada, jide], reference);
      const first = await simulated(jide).sign(doc.id);
      expect(first.status).toBe(201);
      expect(first.body.data.request).toMatchObject({ id: doc.id, status: 'in_progress' });
      expect(statusLog(first.body.data.request)).toEqual({ [ada]: 'notified', [jide]: 'signed' });
      const second = await simulated(ada).sign(doc.id);
      expect(second.status).toBe(201);
      expect(statusLog(second.body.data.request)).toEqual({ [ada]: 'signed', [jide]: 'signed' });

      const done = await completedDocument(integrator, doc.id);
      expect(done).toMatchObject({ status: 'completed', handled: true });
      expect(done.file.stamped).toMatch(STAMPED_URL);
      expect(statusLog(done)).toEqual({ [ada]: 'signed', [jide]: 'signed' });
      expect(done.signatures.map((record: { nin: string }) => record.nin)).toEqual([ada, jide]);
      for (const record of done.signatures) await verifyReceipt(record.signature, record.nin, doc.id);
      const stamped = await downloadFile(t.http, done.file.stamped);
      expect((await PDFDocument.load(stamped.body)).getPageCount()).toBe(ORIGINAL_PAGES + STAMPED_EXTRA_PAGES);

      const events = await webhooks(reference, 3);
      expect(events.map((event) => event.type)).toEqual(
        expect.arrayContaining(['document.signee.signed', 'document.completed']),
      );
      expect(events.filter((event) => event.type === 'document.completed')).toHaveLength(1);
      // The first signature is reported before the document is complete.
      expect(events[0]).toMatchObject({ type: 'document.signee.signed', data: { signee: { nin: jide } } });
    });

    it('a decline after the other signed: rejected, the signer stays signed, whoever had not acted is stale', async () => {
      const reference = newReference('decline');
      const doc = await start([ada, jide, hauwa], reference);
      expect((await simulated(ada).sign(doc.id)).status).toBe(201);
      const declined = await phoneOf(jidePhone, jide).decline(doc.id);
      expect(declined.status).toBe(201);
      expect(declined.body.data.flow).toMatchObject({ status: 'rejected', document: { signeeStatus: 'rejected' } });

      const ended = await currentDocument(integrator, doc.id);
      expect(ended).toMatchObject({ status: 'rejected', handled: true, cancelled: true });
      expect(statusLog(ended)).toEqual({ [ada]: 'signed', [jide]: 'rejected', [hauwa]: 'stale' });
      expect(ended.file.stamped).toBeUndefined();
      expect(ended.signatures.map((record: { nin: string }) => record.nin)).toEqual([ada]);
      const late = await simulated(hauwa).sign(doc.id);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ status: 'failed', reason: 'The flow is already rejected' });

      const events = await webhooks(reference, 3);
      expect(events.map((event) => event.type).sort()).toEqual([
        'document.rejected',
        'document.signee.rejected',
        'document.signee.signed',
      ]);
      expect(events.find((e) => e.type === 'document.signee.signed')?.data.signee).toEqual({ nin: ada });
      expect(events.find((e) => e.type === 'document.signee.rejected')?.data.signee).toEqual({ nin: jide });
      const rejected = events.find((event) => event.type === 'document.rejected');
      expect(statusLog(rejected?.data.doc as JsonBody)).toEqual(statusLog(ended));
    });

    it('expires after DOCUMENT_TTL_SECONDS: unsigned signees go stale and document.expired is sent', async () => {
      const reference = newReference('expiry');
      const doc = await start([ada, jide], reference);
      expect((await simulated(ada).sign(doc.id)).status).toBe(201);
      // Delivered before the clock moves, so its delivery is not mistaken for one an instance abandoned.
      await webhooks(reference, 1);
      await expireDocuments();
      const events = await webhooks(reference, 2);
      expect(events.map((event) => event.type)).toEqual(['document.signee.signed', 'document.expired']);
      const expired = await currentDocument(integrator, doc.id);
      expect(expired).toMatchObject({ status: 'expired', handled: true, cancelled: true });
      expect(statusLog(expired)).toEqual({ [ada]: 'signed', [jide]: 'stale' });
      expect(events[1].data.doc).toMatchObject({ status: 'expired', statusLog: expired.statusLog });
      const late = await simulated(jide).sign(doc.id);
      expect(late.status).toBe(409);
      expect(late.body.reason).toBe('The flow is already expired');
    });

    it('expires on read, when pings find it past its time first, and tells the webhook once', async () => {
      const reference = newReference('expiry-read');
      const doc = await start([jide], reference);
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + (DOCUMENT_TTL_SECONDS + 60) * 1000);
      const pings = await Promise.all([integrator.ping(doc.id), integrator.ping(doc.id)]);
      for (const ping of pings) {
        expect(ping.status).toBe(200);
        expect(ping.body.data.request).toMatchObject({ id: doc.id, status: 'expired', cancelled: true });
        expect(statusLog(ping.body.data.request)).toEqual({ [jide]: 'stale' });
      }
      const [event] = await webhooks(reference, 1);
      expect(event).toMatchObject({ type: 'document.expired', flow: doc.id });
    });

    it('an expiry found at once by the sweeper, pings, a signing phone and a declining one is reported once', async () => {
      const reference = newReference('expiry-race');
      const doc = await start([ada, jide], reference);
      const realNow = Date.now.bind(Date);
      jest.spyOn(Date, 'now').mockImplementation(() => realNow() + (DOCUMENT_TTL_SECONDS + 60) * 1000);
      const [, ...answers] = await Promise.all([
        t.app.get(BackgroundWork).runOnce(FLOW_EXPIRY_PASS),
        integrator.ping(doc.id),
        integrator.ping(doc.id),
        phoneOf(adaPhone, ada).sign(doc.id),
        phoneOf(jidePhone, jide).decline(doc.id),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409, 409]);
      expect(answers[2].body.reason).toBe('The flow is already expired');
      const [event] = await webhooks(reference, 1);
      expect(event).toMatchObject({ type: 'document.expired', flow: doc.id });
      expect(statusLog(event.data.doc as JsonBody)).toEqual({ [ada]: 'stale', [jide]: 'stale' });
      const inbox = await adaPhone.get(t.http, '/wallet/v1/inbox');
      expect(inbox.body.data.flows.map((flow: { id: string }) => flow.id)).not.toContain(doc.id);
    });

    it('is cancelled by the caller: all open signees go stale, document.cancelled is sent, nobody signs after', async () => {
      const reference = newReference('cancel');
      const doc = await start([ada, jide], reference);
      const cancelled = await integrator.cancel(doc.id);
      expect(cancelled.status).toBe(201);
      expect(cancelled.body.data.request).toMatchObject({
        id: doc.id,
        status: 'cancelled',
        cancelled: true,
        handled: true,
      });
      expect(statusLog(cancelled.body.data.request)).toEqual({ [ada]: 'stale', [jide]: 'stale' });
      expect((await integrator.cancel(doc.id)).status).toBe(409);
      expect((await phoneOf(adaPhone, ada).sign(doc.id)).status).toBe(409);
      expect((await currentDocument(integrator, doc.id)).status).toBe('cancelled');
      const [event] = await webhooks(reference, 1);
      expect(event).toMatchObject({ type: 'document.cancelled', flow: doc.id, data: { doc: { status: 'cancelled' } } });
    });
  });

  it('review mode: the hosted page link on SIGN_URL, mode interface, signees pending and not pushed', async () => {
    const signee = [
      {
        name: 'Ada Okonkwo',
        type: 'business',
        email: 'ada@acme.example',
        nin: ada,
        representing: 'Acme Ltd',
        title: 'Director',
      },
      { name: 'Jide Adeyemi', type: 'person', email: 'jide@example.com', nin: jide, representing: '' },
    ];
    const reference = newReference('review');
    const created = await createDocument(integrator, 'review', {
      signee,
      file: { url: fileUrl, title: TITLE },
      webhook: { host: receiver.url, reference },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'successful', version: 'v2' });
    const { link, request: doc } = created.body.data;
    expect(link).toBe(`${SIGN_URL}/review/${doc.id}`);
    expect(doc).toMatchObject({
      id: expect.stringMatching(/^doc_[0-9A-Za-z]{40,}$/),
      to: [ada, jide],
      destination: link,
      mode: 'interface',
      handled: false,
      status: 'pending',
      signee,
      statusLog: [
        { nin: ada, status: 'pending', lut: doc.iat },
        { nin: jide, status: 'pending', lut: doc.iat },
      ],
      signatures: [],
      hook: { host: receiver.url, reference },
    });
    // A review signee is pushed once they ask on the hosted page, not before.
    expect((await adaPhone.get(t.http, `/wallet/v1/flows/${doc.id}`)).status).toBe(404);
    const inbox = await adaPhone.get(t.http, '/wallet/v1/inbox');
    expect(inbox.body.data.flows.map((flow: { id: string }) => flow.id)).not.toContain(doc.id);
    expect(await currentDocument(integrator, doc.id)).toEqual(doc);

    // The simulator asks for each signee's push as the hosted page would, then signs as their virtual device.
    for (const nin of [ada, jide])
      expect((await simulatedDocumentSigner(integrator, nin).sign(doc.id)).status).toBe(201);
    const completed = await completedDocument(integrator, doc.id);
    expect(completed).toMatchObject({
      status: 'completed',
      statusLog: [
        { nin: ada, status: 'signed' },
        { nin: jide, status: 'signed' },
      ],
    });
    expect(completed.file.stamped).toEqual(expect.stringMatching(/\/files\/[0-9A-Za-z]{40}\.pdf$/));
  });

  describe('observing and the v1 mirror', () => {
    it('ping answers with the document object on v2, and on v1 with a token from authorize', async () => {
      const doc = await start([ada, jide], newReference('ping'));
      const refreshed = await currentDocument(integrator, doc.id);
      const v2 = await integrator.ping(doc.id);
      expect(v2.status).toBe(200);
      expect(v2.body).toMatchObject({ status: 'successful', version: 'v2', data: { request: refreshed } });

      const token = await integrator.authorize();
      const v1 = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, token });
      const ping = await v1.ping(doc.id, 'v1');
      expect(ping.status).toBe(200);
      expect(ping.body).toMatchObject({ status: 'successful', version: 'v1', data: { request: refreshed } });
    });

    it('v1 mirrors signing, review and refresh with x-api-key and x-access-token', async () => {
      const token = await integrator.authorize();
      const v1 = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, token });
      const reference = newReference('v1');
      const signing = await createDocument(v1, 'signing', signingBody([jide], reference), 'v1');
      expect(signing.status).toBe(201);
      expect(signing.body).toMatchObject({
        version: 'v1',
        data: { request: { to: [jide], mode: 'signing', status: 'pending', hook: { reference } } },
      });
      const review = await createDocument(
        v1,
        'review',
        {
          signee: [{ name: 'Ada', type: 'person', email: 'ada@acme.example', nin: ada, representing: '' }],
          file: { url: fileUrl, title: TITLE },
          webhook: { host: receiver.url, reference },
        },
        'v1',
      );
      expect(review.status).toBe(201);
      expect(review.body).toMatchObject({ version: 'v1', data: { request: { mode: 'interface', to: [ada] } } });
      expect(review.body.data.link).toBe(`${SIGN_URL}/review/${review.body.data.request.id}`);

      expect((await simulated(jide).sign(signing.body.data.request.id)).status).toBe(201);
      await completedDocument(integrator, signing.body.data.request.id);
      const refreshed = await refreshDocument(v1, signing.body.data.request.id, 'v1');
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({
        version: 'v1',
        data: {
          doc: {
            id: signing.body.data.request.id,
            status: 'completed',
            file: { stamped: expect.stringMatching(STAMPED_URL) },
          },
        },
      });
      // The v1 routes want the token: key and secret alone are refused.
      const noToken = await createDocument(integrator, 'signing', signingBody([jide], reference), 'v1');
      expect(noToken.status).toBe(401);
    });

    it("another app's document is unknown to it: 404 on refresh, ping and cancel", async () => {
      const doc = await start([ada], newReference('other-app'));
      const other = await bootstrapSandbox(t.app);
      const stranger = new IntegratorClient(t.http, { apiKey: other.apiKey, appSecret: other.appSecret });
      for (const response of [
        await refreshDocument(stranger, doc.id),
        await stranger.ping(doc.id),
        await stranger.cancel(doc.id),
        await stranger.simulate('approve', doc.id, { nin: ada }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ status: 'failed', reason: 'No such flow' });
      }
      expect((await currentDocument(integrator, doc.id)).status).toBe('pending');
    });

    it('the simulator acts only for a signee: no nin is 400, a NIN not among the signees is 404', async () => {
      const doc = await start([ada], newReference('simulator-outsider'));
      const noNin = await integrator.simulate('approve', doc.id, {});
      expect(noNin.status).toBe(400);
      expect(noNin.body.errors).toEqual([
        { code: 'invalid_type', path: ['nin'], message: 'nin is required for a document: the signee who acts' },
      ]);
      for (const action of ['approve', 'reject'] as const) {
        const outsider = await integrator.simulate(action, doc.id, { nin: hauwa });
        expect(outsider.status).toBe(404);
      }
      const current = await currentDocument(integrator, doc.id);
      expect(current.status).toBe('pending');
      expect(statusLog(current)).toEqual({ [ada]: 'notified' });
    });

    it('SSE streams each signature until the document completes; a held poll answers with the completed document', async () => {
      const doc = await start([ada, jide], newReference('observed'));
      // With the secret as well as the key, the stream carries the signees' data, as the held poll does.
      const client = await SseClient.open(`${baseUrl}/api/v2/flow/sse?request=${doc.id}`, {
        'x-api-key': sandbox.apiKey,
        'x-access-secret': sandbox.appSecret,
      });
      const token = await integrator.authorize();
      const held = t
        .http()
        .post('/api/v1/flow/polling')
        .set({ 'x-api-key': sandbox.apiKey, 'x-access-token': token })
        .send({ request: doc.id });
      try {
        expect(client.status).toBe(200);
        const first = await client.waitFor(1);
        expect(first.data).toMatchObject({ version: 'v2', data: { request: { id: doc.id, status: 'pending' } } });
        expect((await simulated(ada).sign(doc.id)).status).toBe(201);
        expect((await simulated(jide).sign(doc.id)).status).toBe(201);
        await client.ended;
        const views = client.events.map((event) => (event.data as { data: { request: JsonBody } }).data.request);
        expect(views.map((view) => view.status)).toContain('in_progress');
        const last = views[views.length - 1];
        expect(last).toMatchObject({
          id: doc.id,
          status: 'completed',
          file: { stamped: expect.stringMatching(STAMPED_URL) },
        });
        const polled = await held;
        expect(polled.status).toBe(200);
        expect(polled.body).toMatchObject({ version: 'v1', data: { request: last } });
      } finally {
        client.close();
      }
    });

    it("the signee's device stream receives the document when it is created; another NIN's does not", async () => {
      const open = async (device: TestDevice) =>
        SseClient.open(`${baseUrl}/wallet/v1/stream`, {
          authorization: await device.proof('GET', '/wallet/v1/stream'),
        });
      const [jideStream, hauwaStream] = await Promise.all([open(jidePhone), open(hauwaPhone)]);
      try {
        await Promise.all([jideStream.waitFor(1), hauwaStream.waitFor(1)]);
        expect(jideStream.events[0].event).toBe('inbox');
        const doc = await start([ada, jide], newReference('stream'));
        const pushed = await jideStream.waitFor(2);
        expect(pushed).toMatchObject({
          event: 'flow',
          data: {
            id: doc.id,
            mode: 'document',
            status: 'pending',
            challenge: { flow: doc.id, payloadSha256: sha256(original) },
            document: { name: TITLE, signeeStatus: 'notified' },
          },
        });
        await sleep(200);
        expect(hauwaStream.events.map((event) => (event.data as { id?: string }).id)).not.toContain(doc.id);
      } finally {
        jideStream.close();
        hauwaStream.close();
      }
    });
  });

  describe('after the last signature', () => {
    /** `data` of the document's audit trail, as the integrator reads it. */
    const auditTypes = async (flow: string) =>
      ((await integrator.post('/api/v2/document/audit', { flow })).body.data.events as Array<{ type: string }>).map(
        (event) => event.type,
      );

    it(`completes an original whose object stream inflates to 100 MiB with the event loop free: the serving thread works no more than ${EVENT_LOOP_FREE_MS} ms between liveness checks 50 ms apart`, async () => {
      const reference = newReference('inflating');
      const doc = (
        await startDocument(integrator, 'signing', {
          to: [ada, jide],
          file: { url: files.put('/contracts/inflating.pdf', farFilterBomb(100)), title: TITLE },
          webhook: { host: receiver.url, reference },
        })
      ).request;
      expect((await simulated(ada).sign(doc.id)).status).toBe(201);
      const rssBefore = process.memoryUsage().rss;
      const completion = (async () => {
        expect((await simulated(jide).sign(doc.id)).status).toBe(201);
        return completedDocument(integrator, doc.id);
      })();
      const report = await probeServingThread(t, completion);
      const done = await completion;
      expect(done.file.stamped).toMatch(STAMPED_URL);
      const rssGrowthMib = Math.round((process.memoryUsage().rss - rssBefore) / 2 ** 20);
      expectEventLoopFree(report, 3);
      // The stamping thread's heap is capped (256 MiB) and given back when it is done.
      expect({ rssGrowthUnder512: rssGrowthMib < 512, rssGrowthMib }).toEqual({
        rssGrowthUnder512: true,
        rssGrowthMib,
      });
      const events = await webhooks(reference, 3);
      expect(events.filter((event) => event.type === 'document.completed')).toHaveLength(1);
    });

    it('does not expire while its copy is made, even once its time is up: every signature was given in time', async () => {
      const pool = t.app.get(PdfReadingPool);
      const stamp = pool.stamp.bind(pool);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      jest.spyOn(pool, 'stamp').mockImplementation(async (...args) => {
        asked = true;
        await held;
        return stamp(...args);
      });
      const reference = newReference('sealing-past-expiry');
      const doc = await start([ada], reference);
      expect((await simulated(ada).sign(doc.id)).status).toBe(201);
      await eventually('the seal under way', async () => asked, 30_000);
      await webhooks(reference, 1);

      await expireDocuments();
      expect(await currentDocument(integrator, doc.id)).toMatchObject({ status: 'in_progress', handled: false });
      release();
      const done = await completedDocument(integrator, doc.id);
      expect(done.file.stamped).toMatch(STAMPED_URL);
      const events = await webhooks(reference, 2);
      expect(events.map((event) => event.type)).toEqual(['document.signee.signed', 'document.completed']);
    });

    it('gives the seal up when the original exceeds the reading budget: seal-failed in the audit trail, the document stays in progress, no retry', async () => {
      const refusal = new NotAPdfError('reading it takes more than 256 MiB of memory');
      const stamping = jest.spyOn(t.app.get(PdfReadingPool), 'stamp').mockRejectedValue(refusal);
      const reference = newReference('beyond-budget');
      const doc = await start([ada], reference);
      expect((await simulated(ada).sign(doc.id)).status).toBe(201);
      await eventually(
        'seal-failed in the audit trail',
        async () => (await auditTypes(doc.id)).includes('seal-failed'),
        30_000,
      );
      await t.app.get(BackgroundWork).runOnce(DOCUMENT_SEALING_PASS);
      expect(stamping).toHaveBeenCalledTimes(1);

      const shown = await currentDocument(integrator, doc.id);
      expect(shown).toMatchObject({ status: 'in_progress', handled: false, cancelled: false });
      expect(shown.file.stamped).toBeUndefined();
      expect(statusLog(shown)).toEqual({ [ada]: 'signed' });
      const audit = (await integrator.post('/api/v2/document/audit', { flow: doc.id })).body.data.events;
      expect(audit[audit.length - 1]).toMatchObject({
        type: 'seal-failed',
        reason: 'The original cannot be stamped: reading it takes more than 256 MiB of memory',
      });
      const events = await webhooks(reference, 1);
      expect(events.map((event) => event.type)).toEqual(['document.signee.signed']);
      // All signatures are given: the document is neither cancelled nor expired in this state.
      expect((await integrator.cancel(doc.id)).status).toBe(409);
    });
  });

  describe('races', () => {
    /** Files stored by `act`: what it added under `<DATA_DIR>/files`. */
    async function filesAddedBy(act: () => Promise<void>): Promise<string[]> {
      const before = await storedFiles(t.app);
      await act();
      return (await storedFiles(t.app)).filter((name) => !before.includes(name));
    }
    const keyOf = (url: string) => new URL(url).pathname.split('/').pop();
    /** Ada's phone has read the document and signed its challenge, ready to approve. */
    async function adaReady(flowId: string) {
      const read = await adaPhone.get(t.http, `/wallet/v1/flows/${flowId}`);
      const signature = await signChallenge(adaPhone, read.body.data.flow.challenge);
      return () => adaPhone.post(t.http, `/wallet/v1/flows/${flowId}/approve`, { signature });
    }

    it('both signees sign at the same moment: one completion, one stamped file, one document.completed', async () => {
      for (let round = 0; round < 4; round++) {
        const reference = newReference(`race-${round}`);
        const doc = await start([ada, jide], reference);
        const approve = await adaReady(doc.id);
        let answers: Array<{ status: number }> = [];
        let done: JsonBody = {};
        const added = await filesAddedBy(async () => {
          answers = await Promise.all([approve(), simulated(jide).sign(doc.id)]);
          done = await completedDocument(integrator, doc.id);
        });
        expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
        expect(statusLog(done)).toEqual({ [ada]: 'signed', [jide]: 'signed' });
        expect(added).toEqual([keyOf(done.file.stamped)]);
        const events = await webhooks(reference, 3);
        expect(events.filter((event) => event.type === 'document.completed')).toHaveLength(1);
        expect(events.filter((event) => event.type === 'document.signee.signed')).toHaveLength(2);
      }
    });

    it("one signee's two devices (her phone and her virtual device) sign at once: one signature counts", async () => {
      const reference = newReference('same-signee');
      const doc = await start([ada, jide], reference);
      const approve = await adaReady(doc.id);
      const answers = await Promise.all([approve(), simulated(ada).sign(doc.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const current = await currentDocument(integrator, doc.id);
      expect(current.status).toBe('in_progress');
      expect(current.signatures.map((record: { nin: string }) => record.nin)).toEqual([ada]);
      const events = await webhooks(reference, 1);
      expect(events[0]).toMatchObject({ type: 'document.signee.signed', data: { signee: { nin: ada } } });
    });

    it('the last signature against a cancel: one wins, with a stamped file only if it completed', async () => {
      for (let round = 0; round < 4; round++) {
        const reference = newReference(`last-vs-cancel-${round}`);
        const doc = await start([ada, jide], reference);
        expect((await simulated(jide).sign(doc.id)).status).toBe(201);
        const approve = await adaReady(doc.id);
        let answers: Array<{ status: number; body: JsonBody }> = [];
        let ended: JsonBody = {};
        const added = await filesAddedBy(async () => {
          answers = await Promise.all([approve(), integrator.cancel(doc.id)]);
          ended = answers[0].status === 201 ? await completedDocument(integrator, doc.id) : {};
        });
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        const completed = answers[0].status === 201;
        if (!completed) ended = await currentDocument(integrator, doc.id);
        // A cancel that comes after the last signature is refused: the signatures are all given.
        else expect(answers[1].body.reason).toMatch(/^(Every signee has signed|The flow is already completed)/);
        expect(ended.status).toBe(completed ? 'completed' : 'cancelled');
        expect(added).toEqual(completed ? [keyOf(ended.file.stamped)] : []);
        expect(statusLog(ended)).toEqual({ [ada]: completed ? 'signed' : 'stale', [jide]: 'signed' });
        const events = await webhooks(reference, completed ? 3 : 2);
        expect(events.map((event) => event.type).sort()).toEqual(
          completed
            ? ['document.completed', 'document.signee.signed', 'document.signee.signed']
            : ['document.cancelled', 'document.signee.signed'],
        );
      }
    });

    it('a signature against a decline: the document ends rejected, once, with no stamped file', async () => {
      for (let round = 0; round < 4; round++) {
        const reference = newReference(`sign-vs-decline-${round}`);
        const doc = await start([ada, jide], reference);
        const approve = await adaReady(doc.id);
        let answers: Array<{ status: number }> = [];
        const added = await filesAddedBy(async () => {
          answers = await Promise.all([approve(), simulated(jide).decline(doc.id)]);
        });
        expect(answers[1].status).toBe(201);
        expect([201, 409]).toContain(answers[0].status);
        expect(added).toEqual([]);
        const ended = await currentDocument(integrator, doc.id);
        const adaSigned = answers[0].status === 201;
        expect(ended.status).toBe('rejected');
        expect(ended.file.stamped).toBeUndefined();
        expect(statusLog(ended)).toEqual({ [ada]: adaSigned ? 'signed' : 'stale', [jide]: 'rejected' });
        const events = await webhooks(reference, adaSigned ? 3 : 2);
        expect(events.filter((event) => event.type === 'document.rejected')).toHaveLength(1);
        expect(events.filter((event) => event.type === 'document.signee.signed')).toHaveLength(adaSigned ? 1 : 0);
      }
    });
  });
});
