import { IdflowClient, IdflowError, decryptClaims, isTerminal, verifySignature, verifyWebhook } from '@idflow/client';
import type { FlowView } from '@idflow/client';
import { createHash } from 'node:crypto';
import { PDFDocument } from '@cantoo/pdf-lib';
import { untilCompleted } from './support/document-flows';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { TestApp, createTestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
import { bootstrapSandbox, credentials, testPerson } from './support/sandbox-tenant';
import { SseClient } from './support/sse-client';
import { StreamCuttingProxy } from './support/stream-cutting-proxy';
import { TestTenant, createTenant } from './support/tenant-factory';

describe('the Node client against the real service', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let basePath: string;

  beforeAll(async () => {
    // One stream per flow, so a suite can hold the only one and see waitFor fall back to ping.
    t = await createTestApp({
      env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', STREAMS_PER_FLOW: '1' },
    });
    tenant = await createTenant(t.app);
    await t.app.listen(0, '127.0.0.1');
    basePath = await t.app.getUrl();
  });
  afterAll(() => t.close());

  it('checks health with the app credentials', async () => {
    const client = new IdflowClient({ apiKey: tenant.apiKey, appSecret: tenant.appSecret, basePath });
    await expect(client.health.check()).resolves.toBe('OK');
  });

  it('logs a test person in: create, simulate the approval, ping, decrypt', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
    const created = await client.identification.sameDevice({
      action: 'login',
      claims: ['naming.given'],
      payload: 'Log in',
    });
    expect(created.link).toMatch(/\/open\//);
    await t
      .http()
      .post(`/api/v2/sandbox/flows/${created.request.id}/approve`)
      .set(credentials(sandbox))
      .send({})
      .expect(201);
    const state = await client.flows.ping(created.request.id);
    expect(state.status).toBe('completed');
    const nin = sandbox.testPersons[0].nin;
    await expect(decryptClaims(state.claims ?? {}, sandbox.privateKey)).resolves.toEqual({
      naming: { given: testPerson(nin).claims.naming.given },
    });
    await expect(client.flows.cancel(created.request.id)).rejects.toMatchObject({ status: 409 });
  });

  it('has a person sign, then verifies the receipt offline and the webhook with the app secret', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const receiver = await WebhookReceiver.start();
    try {
      const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const payload = 'Pay 120.00 EUR to Acme Shop, order 1042';
      const created = await client.signing.differentDevice({
        action: 'sign',
        nin: sandbox.testPersons[1].nin,
        payload,
        webhook: { host: receiver.url, reference: 'order-1042' },
      });
      await t
        .http()
        .post(`/api/v2/sandbox/flows/${created.request.id}/approve`)
        .set(credentials(sandbox))
        .send({})
        .expect(201);
      const state = await client.flows.ping(created.request.id);
      const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
      await expect(verifySignature(state.signature as string, payload, jwks)).resolves.toMatchObject({
        nin: sandbox.testPersons[1].nin,
        flow: created.request.id,
        approvedWith: 'device',
        device: expect.stringMatching(/^dev_/),
        deviceSignature: expect.any(String),
      });
      await expect(verifySignature(state.signature as string, `${payload}0`, jwks)).rejects.toThrow(/payload/);

      const [hit] = await receiver.waitFor('order-1042', 1);
      expect(verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret)).toMatchObject({
        type: 'signing.completed',
        flow: created.request.id,
        reference: 'order-1042',
      });
      const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      expect(() => verifyWebhook(hit.body, hit.headers, otherSecret)).toThrow(/signature/);
      const sixMinutesLater = Date.now() + 6 * 60_000;
      expect(() => verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret, sixMinutesLater)).toThrow(
        /five minutes/,
      );
    } finally {
      await receiver.close();
    }
  });

  describe('docs', () => {
    let files: FileHost;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      files = await FileHost.start();
      receiver = await WebhookReceiver.start();
    });
    afterAll(async () => {
      await files.close();
      await receiver.close();
    });

    it('has two test persons sign a PDF, then shows the stamped file and signatures the receipts check out for', async () => {
      const sandbox = await bootstrapSandbox(t.app);
      const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const pdf = await makePdf(2, 'Client contract');
      const nins = sandbox.testPersons.slice(0, 2).map((person) => person.nin);
      const created = await client.docs.signing({
        to: nins,
        file: { url: files.put('/client-contract.pdf', pdf), title: 'Client contract' },
        webhook: { host: receiver.url, reference: 'client-contract' },
      });
      const doc = created.request;
      expect(doc.id).toMatch(/^doc_/);
      expect(doc).toMatchObject({
        to: nins,
        mode: 'signing',
        status: 'pending',
        handled: false,
        file: { name: 'Client contract', sha256: createHash('sha256').update(pdf).digest('hex'), pages: 2 },
        hook: { host: receiver.url, reference: 'client-contract' },
        signatures: [],
      });
      expect(doc.statusLog.map((entry) => entry.status)).toEqual(['notified', 'notified']);
      expect(doc.file.stamped).toBeUndefined();

      for (const nin of nins) {
        await t
          .http()
          .post(`/api/v2/sandbox/flows/${doc.id}/approve`)
          .set(credentials(sandbox))
          .send({ nin })
          .expect(201);
      }

      const done = await untilCompleted(() => client.docs.refresh(doc.id));
      expect(done).toMatchObject({ id: doc.id, status: 'completed', handled: true, cancelled: false });
      expect(done.statusLog.map((entry) => entry.status)).toEqual(['signed', 'signed']);
      const trail = await client.docs.audit(doc.id);
      // The simulated phones read the document before signing it, as a real one does.
      expect(trail.map((event) => event.type)).toEqual([
        'created',
        'pushed',
        'pushed',
        'viewed',
        'signed',
        'viewed',
        'signed',
        'stamped',
        'sealed',
      ]);
      expect(trail[trail.length - 1].digest).not.toBe(doc.file.sha256);
      expect(done.signee.every((signee) => typeof signee.signedAt === 'number' && typeof signee.ip === 'string')).toBe(
        true,
      );
      const stamped = new URL(done.file.stamped as string);
      expect(stamped.pathname).toMatch(/^\/files\/[0-9A-Za-z]{32,64}\.pdf$/);
      const download = await fetch(`${basePath}${stamped.pathname}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/^application\/pdf/);
      // The two original pages, one signature page and the certificate of completion.
      const stampedPdf = await PDFDocument.load(new Uint8Array(await download.arrayBuffer()));
      expect(stampedPdf.getPageCount()).toBe(4);

      const jwks = (await t.http().get('/.well-known/jwks.json').expect(200)).body;
      expect(done.signatures.map((signature) => signature.nin)).toEqual(nins);
      for (const record of done.signatures) {
        await expect(verifySignature(record.signature, pdf, jwks)).resolves.toMatchObject({
          nin: record.nin,
          flow: doc.id,
        });
      }
      // The receipts cover the original PDF, not another file.
      await expect(verifySignature(done.signatures[0].signature, await makePdf(2, 'Other'), jwks)).rejects.toThrow(
        /payload/,
      );

      const hits = await receiver.waitFor('client-contract', 3);
      // Deliveries may arrive in any order.
      expect(hits.map((hit) => verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret).type).sort()).toEqual([
        'document.completed',
        'document.signee.signed',
        'document.signee.signed',
      ]);
    });

    it('starts a review and answers with the link of its hosted page', async () => {
      const sandbox = await bootstrapSandbox(t.app);
      const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const [person] = sandbox.testPersons;
      const created = await client.docs.review({
        signee: [
          {
            name: person.name,
            type: 'business',
            email: 'signer@acme.example',
            nin: person.nin,
            representing: 'Acme Ltd',
            title: 'Director',
          },
        ],
        file: { url: files.put('/review.pdf', await makePdf(1)), title: 'Board resolution' },
        webhook: { host: receiver.url, reference: 'board-resolution' },
      });
      expect(created.link).toBe(`${t.config.SIGN_URL}/review/${created.request.id}`);
      expect(created.request).toMatchObject({
        mode: 'interface',
        destination: created.link,
        signee: [{ nin: person.nin, representing: 'Acme Ltd', title: 'Director' }],
        statusLog: [{ nin: person.nin, status: 'pending' }],
      });
      await expect(client.docs.refresh(created.request.id)).resolves.toMatchObject({ id: created.request.id });
    });

    it('surfaces a refused document as an IdflowError with status 400 and the validation issues', async () => {
      const sandbox = await bootstrapSandbox(t.app);
      const client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const failure = await client.docs
        .signing({
          to: [],
          file: { url: files.put('/unused.pdf', await makePdf(1)), title: 'Unused' },
          webhook: { host: receiver.url, reference: 'unused' },
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(IdflowError);
      expect(failure).toMatchObject({ status: 400 });
      expect((failure as IdflowError).errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: ['to'], message: 'to must name at least one NIN' })]),
      );

      const notPdf = await client.docs
        .signing({
          to: [sandbox.testPersons[0].nin],
          file: { url: files.put('/not-a.pdf', Buffer.from('plain text'), 'text/plain'), title: 'Not a PDF' },
          webhook: { host: receiver.url, reference: 'not-a-pdf' },
        })
        .catch((error: unknown) => error);
      expect(notPdf).toBeInstanceOf(IdflowError);
      expect(notPdf).toMatchObject({ status: 400, errors: [expect.objectContaining({ path: ['file', 'url'] })] });

      await expect(client.docs.refresh('doc_short')).rejects.toMatchObject({
        status: 400,
        errors: [expect.objectContaining({ path: ['flow'] })],
      });
    });
  });

  describe('following a flow', () => {
    let sandbox: Awaited<ReturnType<typeof bootstrapSandbox>>;
    let client: IdflowClient;
    beforeAll(async () => {
      sandbox = await bootstrapSandbox(t.app);
      client = new IdflowClient({ apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
    });
    const login = async () =>
      (await client.identification.sameDevice({ action: 'login', claims: ['naming.given'], payload: 'Log in' })).request
        .id;
    const approve = (flowId: string) =>
      t.http().post(`/api/v2/sandbox/flows/${flowId}/approve`).set(credentials(sandbox)).send({}).expect(201);

    it('events: yields each state once and ends after the terminal one, reconnecting after a cut stream', async () => {
      const proxy = await StreamCuttingProxy.start(basePath);
      try {
        const viaProxy = new IdflowClient({
          apiKey: sandbox.apiKey,
          appSecret: sandbox.appSecret,
          basePath: proxy.url,
        });
        const flowId = await login();
        const states: FlowView[] = [];
        for await (const state of viaProxy.flows.events(flowId)) {
          states.push(state);
          if (states.length === 1) await approve(flowId);
        }
        expect(states[0]).toMatchObject({ id: flowId, status: 'pending', hint: 'outstandingTransaction' });
        expect(states.at(-1)).toMatchObject({
          id: flowId,
          status: 'completed',
          claims: { naming: expect.any(Object) },
        });
        expect(states.filter((state) => isTerminal(state.status))).toHaveLength(1);
        // The first stream was cut after its first event: the second one brought the end.
        expect(proxy.streams).toBe(2);
      } finally {
        await proxy.close();
      }
    });

    it('events: a flow of another app is refused at once with the IdflowError', async () => {
      const other = await bootstrapSandbox(t.app);
      const stranger = new IdflowClient({ apiKey: other.apiKey, appSecret: other.appSecret, basePath });
      const flowId = await login();
      const iterate = async () => {
        for await (const state of stranger.flows.events(flowId)) expect(state).toBeUndefined();
      };
      await expect(iterate()).rejects.toMatchObject({ status: 404 });
    });

    it('waitFor: resolves with the terminal state, claims included', async () => {
      const flowId = await login();
      const waiting = client.flows.waitFor(flowId, { timeoutMs: 10_000 });
      await approve(flowId);
      const state = await waiting;
      expect(state).toMatchObject({ id: flowId, status: 'completed' });
      await expect(decryptClaims(state.claims ?? {}, sandbox.privateKey)).resolves.toEqual({
        naming: { given: testPerson(sandbox.testPersons[0].nin).claims.naming.given },
      });
    });

    it('waitFor: rejects with a TimeoutError after timeoutMs, and with the abort reason when its signal aborts', async () => {
      const flowId = await login();
      const started = Date.now();
      await expect(client.flows.waitFor(flowId, { timeoutMs: 300 })).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - started).toBeLessThan(2000);
      const controller = new AbortController();
      const waiting = client.flows.waitFor(flowId, { signal: controller.signal });
      controller.abort(new Error('the person left the page'));
      await expect(waiting).rejects.toThrow('the person left the page');
      await expect(client.flows.ping(flowId)).resolves.toMatchObject({ status: 'pending' });
    });

    it('waitFor: pings when the stream is refused (the one stream this flow may have is taken)', async () => {
      const flowId = await login();
      const holder = await SseClient.open(`${basePath}/api/v2/flow/sse?request=${flowId}`, credentials(sandbox));
      try {
        const refused = async () => {
          for await (const state of client.flows.events(flowId)) expect(state).toBeUndefined();
        };
        await expect(refused()).rejects.toMatchObject({ status: 429 });
        const waiting = client.flows.waitFor(flowId, { pingIntervalMs: 200, timeoutMs: 10_000 });
        await approve(flowId);
        await expect(waiting).resolves.toMatchObject({ id: flowId, status: 'completed' });
      } finally {
        holder.close();
      }
    });

    it('poll: the held connection answers when the flow ends, with a token the client fetched itself', async () => {
      const flowId = await login();
      const started = Date.now();
      const held = client.flows.poll(flowId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await approve(flowId);
      await expect(held).resolves.toMatchObject({ id: flowId, status: 'completed' });
      expect(Date.now() - started).toBeLessThan(t.config.POLL_HOLD_SECONDS * 1000);
    });

    it('sends an Idempotency-Key: a repeated create gets the first answer and starts no second flow', async () => {
      const input = {
        action: 'confirm' as const,
        nin: sandbox.testPersons[1].nin,
        payload: 'Confirm address change 9',
      };
      const first = await client.signing.differentDevice(input, { idempotencyKey: 'address-change-9' });
      const again = await client.signing.differentDevice(input, { idempotencyKey: 'address-change-9' });
      expect(again).toEqual(first);
      const other = await client.signing.differentDevice(input, { idempotencyKey: 'address-change-10' });
      expect(other.request.id).not.toBe(first.request.id);
      await expect(
        client.signing.differentDevice({ ...input, payload: 'Something else' }, { idempotencyKey: 'address-change-9' }),
      ).rejects.toMatchObject({ status: 422 });
    });

    it('v1: authorize grants the token the v1 routes then use, and ping and cancel answer on /api/v1', async () => {
      const v1 = new IdflowClient({ version: 'v1', apiKey: sandbox.apiKey, appSecret: sandbox.appSecret, basePath });
      const grant = await v1.flows.authorize({ sub: sandbox.consumerId, app: sandbox.appId });
      expect(grant.exp).toBeGreaterThan(Date.now() / 1000);
      const created = await v1.signing.differentDevice({
        action: 'confirm',
        nin: sandbox.testPersons[1].nin,
        payload: 'Confirm',
      });
      await expect(v1.flows.ping(created.request.id)).resolves.toMatchObject({ status: 'pending' });
      await expect(v1.flows.cancel(created.request.id)).resolves.toMatchObject({
        status: 'cancelled',
        cancelled: true,
      });
      const withoutToken = new IdflowClient({ version: 'v1', apiKey: sandbox.apiKey, basePath });
      await expect(withoutToken.flows.ping(created.request.id)).rejects.toMatchObject({ status: 401 });
      await expect(v1.flows.authorize({ sub: 'bcn_someoneElse' })).rejects.toMatchObject({
        status: 400,
        errors: [expect.objectContaining({ path: ['app'] })],
      });
    });
  });

  it('turns a failed answer into an IdflowError with status and reason', async () => {
    const client = new IdflowClient({ apiKey: 'bk-test_unknown', basePath });
    const failure = await client.health.check().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdflowError);
    expect(failure).toMatchObject({ status: 401, reason: 'The x-api-key is not valid' });
  });
});
