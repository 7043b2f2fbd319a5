import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { DevicesService } from '../../src/devices/devices.service';
import { signChallenge } from '../support/device-signature';
import { untilCompleted } from '../support/document-flows';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp } from '../support/test-app';
import { TestDevice } from '../support/test-device';
import { createTenant } from '../support/tenant-factory';

interface SigneeInput {
  nin: string;
  name: string;
  type: 'business' | 'person';
  email: string;
  representing: string;
  title?: string;
}

const REAL_PERSON_NIN = '12345678901';

describe('the hosted review page', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let pdfUrl: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
    pdfUrl = files.put('/contract.pdf', await makePdf(2, 'Supply contract'));
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  afterAll(async () => {
    await files?.close();
    await t?.close();
  });

  const signee = (nin: string, name: string, extra: Partial<SigneeInput> = {}): SigneeInput => ({
    nin,
    name,
    type: 'person',
    email: `${nin}@example.com`,
    representing: '',
    ...extra,
  });

  /** The first two sandbox test persons, the usual pair of signees. */
  const testSignees = () => [
    signee(sandbox.testPersons[0].nin, sandbox.testPersons[0].name, {
      type: 'business',
      representing: 'Acme Ltd',
      title: 'Director',
    }),
    signee(sandbox.testPersons[1].nin, sandbox.testPersons[1].name),
  ];

  async function startReview(
    signees: SigneeInput[],
    headers: Record<string, string> = credentials(sandbox),
  ): Promise<{ id: string; path: string }> {
    const created = await t
      .http()
      .post('/api/v2/document/review')
      .set(headers)
      .send({
        signee: signees,
        file: { url: pdfUrl, title: 'Supply contract <2026>' },
        webhook: { host: 'https://example.com/hook', reference: 'supply-1' },
      });
    if (created.status !== 201) throw new Error(`review failed: ${created.status} ${JSON.stringify(created.body)}`);
    return { id: created.body.data.request.id, path: new URL(created.body.data.link).pathname };
  }

  const state = async (path: string) => (await t.http().get(`${path}/state`).expect(200)).body.data.review;
  const act = (path: string, position: number | string, action: string, ip?: string) => {
    const agent = t.http();
    if (ip) agent.set('x-real-ip', ip);
    return agent.post(`${path}/signees/${position}/${action}`);
  };
  const refresh = async (id: string) =>
    (await t.http().post('/api/v2/document/refresh').set(credentials(sandbox)).send({ flow: id }).expect(200)).body.data
      .doc;

  it('serves the page: the title, the app, the PDF framed and linked, the signees with masked NINs, a strict CSP', async () => {
    const signees = testSignees();
    const { id, path } = await startReview(signees);
    const response = await t.http().get(path).expect(200);

    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain(`frame-src 'self' ${new URL(t.config.CDN_URL).origin}`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.text).toContain(`<script nonce="${nonce}">`);

    expect(response.text).toContain('Supply contract &lt;2026&gt;');
    expect(response.text).not.toContain('Supply contract <2026>');
    expect(response.text).toContain('Sandbox app');
    const { file } = await state(path);
    expect(file.url).toMatch(new RegExp(`^${t.config.CDN_URL}/files/`));
    expect(response.text).toContain(`<iframe id="document-frame" src="${file.url}"`);
    expect(response.text).toContain(`<a id="download" href="${file.url}"`);
    for (const { nin, name } of signees) {
      expect(response.text).toContain(name);
      expect(response.text).toContain(`*******${nin.slice(-4)}`);
      expect(response.text).not.toContain(nin);
    }
    expect(response.text).toContain('Director, Acme Ltd');
    expect(id).toMatch(/^doc_/);
  });

  it('state shows the document for the page, without e-mails or full NINs', async () => {
    const signees = [...testSignees(), signee(REAL_PERSON_NIN, 'Real Person')];
    await enrolledDevice(t.app, t.http, REAL_PERSON_NIN);
    const { id, path } = await startReview(signees);
    const review = await state(path);

    expect(review).toMatchObject({
      id,
      title: 'Supply contract <2026>',
      app: 'Sandbox app',
      status: 'pending',
      open: true,
      summary: 'Waiting for signatures: 0 of 3 signed.',
      file: { pages: 2 },
    });
    expect(review.file.stamped).toBeUndefined();
    expect(review.signees).toEqual([
      {
        position: 0,
        name: signees[0].name,
        type: 'business',
        representing: 'Acme Ltd',
        title: 'Director',
        nin: `*******${signees[0].nin.slice(-4)}`,
        status: 'pending',
        statusLabel: 'Not yet signed',
        open: true,
        sandboxDevice: true,
      },
      expect.objectContaining({ position: 1, sandboxDevice: true, status: 'pending' }),
      expect.objectContaining({ position: 2, name: 'Real Person', sandboxDevice: false, nin: '*******8901' }),
    ]);
    const text = JSON.stringify(review);
    for (const { nin, email } of signees) {
      expect(text).not.toContain(nin);
      expect(text).not.toContain(email);
    }
  });

  it("push puts the document in the signee's phone inbox; the phone signs it through the Wallet API", async () => {
    const nin = sandbox.testPersons[2].nin;
    const phone = await enrolledDevice(t.app, t.http, nin);
    const { id, path } = await startReview([signee(nin, sandbox.testPersons[2].name)]);
    const inboxIds = async () =>
      ((await phone.get(t.http, '/wallet/v1/inbox')).body.data.flows as Array<{ id: string }>).map((flow) => flow.id);

    expect(await inboxIds()).not.toContain(id);
    const pushed = await act(path, 0, 'push').expect(200);
    expect(pushed.body).toMatchObject({ status: 'successful', reason: 'Signee notified' });
    expect(pushed.body.data.review.signees[0]).toMatchObject({ status: 'notified', open: true });
    expect(await inboxIds()).toContain(id);
    // Asking again, say after reloading the page, is harmless while the signee has not acted.
    await act(path, 0, 'push').expect(200);

    const read = await phone.get(t.http, `/wallet/v1/flows/${id}`);
    expect(read.status).toBe(200);
    expect((await state(path)).signees[0].status).toBe('viewed');
    const signature = await signChallenge(phone, read.body.data.flow.challenge);
    expect((await phone.post(t.http, `/wallet/v1/flows/${id}/approve`, { signature })).status).toBe(201);

    const review = await untilCompleted(() => state(path));
    expect(review).toMatchObject({ status: 'completed', open: false, signees: [{ status: 'signed', open: false }] });
    expect(review.file.stamped).toMatch(new RegExp(`^${t.config.CDN_URL}/files/`));
    expect(review.signees[0].signedAt).toEqual(expect.any(Number));
    const again = await act(path, 0, 'push').expect(409);
    expect(again.body).toMatchObject({ status: 'failed', reason: 'The flow is already completed' });
  });

  it("sandbox-sign signs as each test person's virtual device, recording the page's client IP", async () => {
    const { id, path } = await startReview(testSignees());

    const first = await act(path, 0, 'sandbox-sign', '198.51.100.23').expect(200);
    expect(first.body.reason).toBe('Document signed');
    expect(first.body.data.review).toMatchObject({
      status: 'in_progress',
      summary: 'Waiting for signatures: 1 of 2 signed.',
      signees: [{ status: 'signed' }, { status: 'pending' }],
    });
    const twice = await act(path, 0, 'sandbox-sign').expect(409);
    expect(twice.body.reason).toBe('This signee has already signed this document');

    const last = await act(path, 1, 'sandbox-sign', '198.51.100.24').expect(200);
    // Answered once the signature commits; the stamped copy is made after it.
    expect(last.body.data.review.signees).toMatchObject([{ status: 'signed' }, { status: 'signed' }]);
    const completed = await untilCompleted(() => state(path));
    expect(completed).toMatchObject({ status: 'completed', open: false });

    const doc = await refresh(id);
    expect(doc.signee.map((entry: { ip: string }) => entry.ip)).toEqual(['198.51.100.23', '198.51.100.24']);
    expect(doc.signatures).toHaveLength(2);
    expect(doc.file.stamped).toBe(completed.file.stamped);
  });

  it('sandbox-sign is refused for a signee who is not a synthetic test person', async () => {
    await enrolledDevice(t.app, t.http, REAL_PERSON_NIN);
    const { path } = await startReview([signee(REAL_PERSON_NIN, 'Real Person')]);

    const refused = await act(path, 0, 'sandbox-sign').expect(403);
    expect(refused.body.reason).toBe(
      'The sandbox test device signs only for synthetic test persons on documents of sandbox apps',
    );
    expect((await state(path)).signees[0]).toMatchObject({ status: 'pending', sandboxDevice: false });
  });

  it.each(['sandbox-sign', 'decline'])(
    "%s is refused on a production app's document, even for a test person's NIN",
    async (action) => {
      const production = await createTenant(t.app, { environment: 'production', scopes: ['document:sign'] });
      const nin = sandbox.testPersons[0].nin;
      const { code } = await t.app.get(DevicesService).issueEnrollmentCode(nin, 'production');
      await (await TestDevice.create()).enroll(t.http, code);
      const { path } = await startReview([signee(nin, 'Production signee')], {
        'x-api-key': production.apiKey,
        'x-access-secret': production.appSecret,
      });

      await act(path, 0, action).expect(403);
      expect(await state(path)).toMatchObject({
        status: 'pending',
        signees: [{ status: 'pending', sandboxDevice: false }],
      });
    },
  );

  it("the page cannot decline for a real signee (the link is every signee's): they decline in their app", async () => {
    const phone = await enrolledDevice(t.app, t.http, REAL_PERSON_NIN);
    const { id, path } = await startReview([...testSignees(), signee(REAL_PERSON_NIN, 'Real Person')]);

    const refused = await act(path, 2, 'decline').expect(403);
    expect(refused.body.reason).toBe(
      'A signee declines in their digital-ID app: choose "Confirm with my digital-ID app" and decline there ' +
        '(the page declines directly only for synthetic test persons on documents of sandbox apps)',
    );
    expect(await state(path)).toMatchObject({ status: 'pending', signees: [{}, {}, { status: 'pending' }] });

    await act(path, 2, 'push').expect(200);
    expect((await phone.post(t.http, `/wallet/v1/flows/${id}/decline`)).status).toBe(201);
    expect(await state(path)).toMatchObject({ status: 'rejected', signees: [{}, {}, { status: 'rejected' }] });
  });

  it('the sandbox device declines for a test person: the document ends as rejected, the others become stale', async () => {
    const signees = [...testSignees(), signee(sandbox.testPersons[2].nin, sandbox.testPersons[2].name)];
    const { id, path } = await startReview(signees);
    await act(path, 0, 'sandbox-sign').expect(200);

    const declined = await act(path, 1, 'decline', '198.51.100.31').expect(200);
    expect(declined.body.reason).toBe('Document declined');
    expect(declined.body.data.review).toMatchObject({
      status: 'rejected',
      open: false,
      summary: `Declined by ${signees[1].name}. This document can no longer be signed.`,
      signees: [
        { status: 'signed', open: false },
        { status: 'rejected', statusLabel: 'Declined', open: false },
        { status: 'stale', statusLabel: 'Did not sign', open: false },
      ],
    });

    const doc = await refresh(id);
    expect(doc.status).toBe('rejected');
    expect(doc.statusLog.map((entry: { status: string }) => entry.status)).toEqual(['signed', 'rejected', 'stale']);
    for (const [position, action] of [
      [1, 'decline'],
      [2, 'push'],
      [2, 'sandbox-sign'],
    ] as const) {
      const late = await act(path, position, action).expect(409);
      expect(late.body.reason).toBe('The flow is already rejected');
    }
  });

  it('position must be the integer index of a signee', async () => {
    const { path } = await startReview(testSignees());

    for (const position of ['first', '1.5', '-1', '1e3']) {
      const bad = await act(path, position, 'push').expect(400);
      expect(bad.body).toMatchObject({
        status: 'failed',
        reason: 'Validation failed',
        errors: [{ path: ['position'], message: 'position must be the integer index of a signee: 0 for the first' }],
      });
    }
    const missing = await act(path, 2, 'decline').expect(404);
    expect(missing.body.reason).toBe('No such signee on this document: position must be from 0 to 1');
    expect((await state(path)).status).toBe('pending');
  });

  it('an unknown or malformed document is 404: an HTML page for the page, the envelope for the routes', async () => {
    const unknown = `/review/doc_${'x'.repeat(40)}`;
    const page = await t.http().get(unknown).expect(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('Document not found');

    const malformed = await t.http().get('/review/%3Cimg%20src%3Dx%3E').expect(404);
    expect(malformed.text).toContain('Document not found');
    expect(malformed.text).not.toContain('<img');

    for (const request of [
      t.http().get(`${unknown}/state`),
      t.http().get(`${unknown}/events`),
      t.http().post(`${unknown}/signees/0/push`),
      t.http().post(`${unknown}/signees/0/decline`),
    ]) {
      const response = await request.expect(404);
      expect(response.body).toMatchObject({ status: 'failed', reason: 'No such flow' });
    }
  });

  it('a document sent for signing in the app has no review page', async () => {
    const created = await t
      .http()
      .post('/api/v2/document/signing')
      .set(credentials(sandbox))
      .send({
        to: [sandbox.testPersons[0].nin],
        file: { url: pdfUrl, title: 'Pushed contract' },
        webhook: { host: 'https://example.com/hook', reference: 'pushed-1' },
      })
      .expect(201);
    const id = created.body.data.request.id;

    await t.http().get(`/review/${id}`).expect(404);
    await t.http().get(`/review/${id}/state`).expect(404);
    await t.http().post(`/review/${id}/signees/0/decline`).expect(404);
  });

  it('events stream the state at once and on every change, and end once the document has ended', async () => {
    const { path } = await startReview(testSignees());
    const stream = await SseClient.open(`${baseUrl}${path}/events`, {});
    try {
      expect(stream.status).toBe(200);
      const first = (await stream.waitFor(1)).data as { reason: string; data: { review: { status: string } } };
      expect(first).toMatchObject({
        status: 'successful',
        reason: 'Review state',
        data: { review: { status: 'pending' } },
      });

      await act(path, 0, 'push').expect(200);
      await act(path, 1, 'decline').expect(200);
      await stream.ended;
      const statuses = stream.events.map(
        (event) => (event.data as { data: { review: { signees: Array<{ status: string }> } } }).data.review.signees,
      );
      expect(statuses).toContainEqual([expect.objectContaining({ status: 'notified' }), expect.anything()]);
      expect(statuses[statuses.length - 1].map((entry) => entry.status)).toEqual(['stale', 'rejected']);
    } finally {
      stream.close();
    }
  });
});
