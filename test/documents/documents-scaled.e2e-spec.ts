import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { BackgroundWork } from '../../src/common/scheduling/background-work';
import { DOCUMENT_SEALING_PASS } from '../../src/documents/document-sealing.service';
import { downloadFile, sha256, storedFiles, untilCompleted } from '../support/document-flows';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

/** Concurrent last signatures, each pair through both instances at once. */
const RACES = 6;

describeScaledOut('documents across two instances that share PostgreSQL and Redis but no disk', () => {
  let a: TestApp;
  let b: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let bUrl: string;

  beforeAll(async () => {
    files = await FileHost.start();
    // Each test app has a DATA_DIR of its own; FILE_STORAGE is left to its default, as a deployment would.
    const env = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' };
    a = await createTestApp({ env });
    b = await createTestApp({ env: { ...env, DATABASE_SCHEMA: a.config.DATABASE_SCHEMA as string } });
    sandbox = await bootstrapSandbox(a.app);
    await b.app.listen(0, '127.0.0.1');
    bUrl = await b.app.getUrl();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await files?.close();
  });

  const signers = () => sandbox.testPersons.slice(0, 2).map((person) => person.nin);
  const post = (on: TestApp, path: string, body: object) => on.http().post(path).set(credentials(sandbox)).send(body);
  const refresh = async (on: TestApp, flow: string): Promise<JsonBody> =>
    (await post(on, '/api/v2/document/refresh', { flow }).expect(200)).body.data.doc;
  const completed = (on: TestApp, flow: string) => untilCompleted(() => refresh(on, flow));
  const audit = async (on: TestApp, flow: string): Promise<JsonBody[]> =>
    (await post(on, '/api/v2/document/audit', { flow }).expect(200)).body.data.events;
  const sign = (on: TestApp, id: string, nin: string) => post(on, `/api/v2/sandbox/flows/${id}/approve`, { nin });

  async function createOnA(kind: 'signing' | 'review', title: string): Promise<JsonBody> {
    const file = { url: files.put(`/${title.replace(/\W+/g, '-')}.pdf`, await makePdf(2, title)), title };
    const webhook = { host: 'https://example.com/hook', reference: title };
    const body =
      kind === 'signing'
        ? { to: signers(), file, webhook }
        : {
            signee: sandbox.testPersons.slice(0, 2).map(({ nin, name }) => ({
              nin,
              name,
              type: 'person',
              email: `${nin}@example.com`,
              representing: '',
            })),
            file,
            webhook,
          };
    return (await post(a, `/api/v2/document/${kind}`, body).expect(201)).body.data;
  }

  it('keeps no document file on either instance disk', async () => {
    const { request } = await createOnA('signing', 'Nothing on disk');
    await sign(b, request.id, signers()[0]).expect(201);

    expect(a.config.DATA_DIR).not.toBe(b.config.DATA_DIR);
    expect(a.config.FILE_STORAGE).toBe('database');
    for (const instance of [a, b]) expect(existsSync(join(instance.config.DATA_DIR, 'files'))).toBe(false);
  });

  it('a document created on A and signed through B is stamped, sealed, served, verified and audited from both', async () => {
    const { request } = await createOnA('signing', 'Lease 12');
    const [first, last] = signers();
    await sign(a, request.id, first).expect(201);
    await sign(b, request.id, last).expect(201);

    const [onA, onB] = await Promise.all([completed(a, request.id), completed(b, request.id)]);
    expect(onA).toMatchObject({ status: 'completed', file: { stamped: expect.any(String) } });
    expect(onB.file.stamped).toBe(onA.file.stamped);
    const [fromA, fromB] = await Promise.all([a, b].map((on) => downloadFile(on.http, onA.file.stamped)));
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(sha256(fromB.body as Buffer)).toBe(sha256(fromA.body as Buffer));
    expect(fromA.headers['content-length']).toBe(String((fromA.body as Buffer).length));

    for (const on of [a, b]) {
      const verified = await on
        .http()
        .post('/verify')
        .set('content-type', 'application/pdf')
        .send(fromA.body as Buffer)
        .expect(200);
      expect(verified.body.data).toMatchObject({ result: 'verified', reliedOn: ['record', 'seal'] });
      expect(verified.body.data.document).toMatchObject({ id: request.id, signers: [{}, {}] });
    }

    const [trailOnA, trailOnB] = await Promise.all([audit(a, request.id), audit(b, request.id)]);
    expect(trailOnB).toEqual(trailOnA);
    expect(trailOnA.map((event) => event.type)).toEqual(expect.arrayContaining(['signed', 'stamped', 'sealed']));
  });

  it(`last signatures racing through both instances complete every document once, ${RACES} races out of ${RACES}: both instances race for each seal too, and one stamped copy and one document.completed come of it`, async () => {
    const documents = await Promise.all(
      Array.from({ length: RACES }, (_, race) => createOnA('signing', `Race ${race}`)),
    );
    const filesBefore = await storedFiles(a.app);
    const answers = await Promise.all(
      documents.map(({ request }) =>
        Promise.all([sign(a, request.id, signers()[0]), sign(b, request.id, signers()[1])]),
      ),
    );
    // Beside the signing instance's own wake and both instances' timers, each instance looks for due seals at once.
    await Promise.all([a, b].map((on) => on.app.get(BackgroundWork).runOnce(DOCUMENT_SEALING_PASS)));

    expect(answers.flat().map((answer) => answer.status)).toEqual(Array(2 * RACES).fill(201));
    for (const { request } of documents) {
      const doc = await completed(b, request.id);
      expect(doc).toMatchObject({ status: 'completed', signatures: [{}, {}] });
      const stamps = (await audit(a, request.id)).filter((event) => event.type === 'stamped');
      expect(stamps).toHaveLength(1);
      for (const on of [a, b]) expect((await downloadFile(on.http, doc.file.stamped)).status).toBe(200);
      const listed = await a
        .http()
        .get('/api/v2/webhooks/deliveries')
        .query({ reference: request.file.name })
        .set(credentials(sandbox))
        .expect(200);
      const types = listed.body.data.deliveries.map((delivery: JsonBody) => delivery.type);
      expect(types.filter((type: string) => type === 'document.completed')).toHaveLength(1);
    }
    expect((await storedFiles(a.app)).length - filesBefore.length).toBe(RACES);
  });

  it('a review page opened on B follows the signatures made on A, and both serve its PDF', async () => {
    const { request, link } = await createOnA('review', 'Supply 3');
    const path = new URL(link).pathname;
    const original = (await b.http().get(`${path}/state`).expect(200)).body.data.review.file.url;
    for (const on of [a, b]) expect((await downloadFile(on.http, original)).status).toBe(200);
    await b.http().get(path).expect(200);

    const stream = await SseClient.open(`${bUrl}${path}/events`, {});
    try {
      await stream.waitFor(1);
      await a.http().post(`${path}/signees/0/sandbox-sign`).expect(200);
      await a.http().post(`${path}/signees/1/sandbox-sign`).expect(200);
      await stream.ended;
      const reviews = stream.events.map((event) => (event.data as { data: { review: JsonBody } }).data.review);
      expect(reviews.map((review) => review.signees.map((signee: JsonBody) => signee.status))).toContainEqual([
        'signed',
        'pending',
      ]);
      const final = reviews[reviews.length - 1];
      expect(final).toMatchObject({ id: request.id, status: 'completed', file: { stamped: expect.any(String) } });
      expect((await downloadFile(b.http, final.file.stamped)).status).toBe(200);
    } finally {
      stream.close();
    }
  });
});
