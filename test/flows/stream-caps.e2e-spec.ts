import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { startDocument } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createTestApp, randomClientIp } from '../support/test-app';

const CAPS = { STREAMS_PER_FLOW: '2', STREAMS_PER_APP: '3', STREAMS_PER_CLIENT_IP: '4' };
const DIFFERENT_DEVICE = { action: 'login', claims: ['naming.name'], payload: 'Log in' };

/** The 429 of a refused stream: the failed envelope naming the cap, and when to try again. */
function expectRefused(stream: SseClient, scope: string): void {
  expect(stream.status).toBe(429);
  expect(JSON.parse(stream.body)).toEqual({
    status: 'failed',
    reason: `Too many event streams are open for this ${scope}; close one or retry later`,
    version: 'v2',
  });
}

describe('event streams are capped per flow, per app and per client IP', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let files: FileHost;
  let baseUrl: string;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { ...CAPS, ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    files = await FileHost.start();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  afterEach(async () => {
    const closing = open.splice(0);
    for (const client of closing) client.close();
    await Promise.all(closing.map((client) => client.ended));
    // The server counts a stream out when it sees the socket close, a moment after the client does.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => {
    await files.close();
    await t.close();
  });

  const newFlow = async () =>
    (await integrator.start('different-device', { ...DIFFERENT_DEVICE, user: sandbox.testPersons[0].nin })).id;

  async function watch(path: string, headers: Record<string, string>): Promise<SseClient> {
    const client = await SseClient.open(`${baseUrl}${path}`, headers);
    open.push(client);
    if (client.status === 200) await client.waitFor(1);
    return client;
  }
  const watchFlow = (id: string, ip: string, secret = false) =>
    watch(`/api/v2/flow/sse?request=${id}`, {
      'x-api-key': sandbox.apiKey,
      ...(secret ? { 'x-access-secret': sandbox.appSecret } : {}),
      'x-real-ip': ip,
    });

  it('refuses a third stream on one flow with 429 and Retry-After, and takes one again once a stream closes', async () => {
    const id = await newFlow();
    const [first] = [await watchFlow(id, randomClientIp()), await watchFlow(id, randomClientIp())];
    const third = await watchFlow(id, randomClientIp());
    expectRefused(third, 'flow');
    const retry = await fetch(`${baseUrl}/api/v2/flow/sse?request=${id}`, {
      headers: { 'x-api-key': sandbox.apiKey, 'x-real-ip': randomClientIp() },
    });
    expect(retry.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    await retry.body?.cancel();

    first.close();
    await first.ended;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await watchFlow(id, randomClientIp())).status).toBe(200);
  });

  it("refuses a fourth stream on the app's flows, whichever flow it follows", async () => {
    for (let count = 0; count < 3; count++) {
      expect((await watchFlow(await newFlow(), randomClientIp())).status).toBe(200);
    }
    expectRefused(await watchFlow(await newFlow(), randomClientIp()), 'app');
  });

  it('refuses a fifth stream from one client IP, review pages and devices included, and counts IPv6 by /64', async () => {
    const network = randomClientIp().split(':').slice(0, 4).join(':');
    const ip = (host: number) => `${network}::${host.toString(16)}`;
    const review = await startDocument(integrator, 'review', {
      signee: [
        {
          name: sandbox.testPersons[0].name,
          type: 'person',
          email: 'a@example.com',
          nin: sandbox.testPersons[0].nin,
          representing: '',
        },
      ],
      file: { url: files.put('/capped.pdf', await makePdf(1)), title: 'Capped' },
      webhook: { host: 'https://example.com/hook', reference: 'caps' },
    });
    const reviewPath = `${new URL(review.link as string).pathname}/events`;
    expect((await watch(reviewPath, { 'x-real-ip': ip(1) })).status).toBe(200);
    expect((await watch(reviewPath, { 'x-real-ip': ip(2) })).status).toBe(200);
    const phone = await enrolledDevice(t.app, t.http, sandbox.testPersons[1].nin);
    const deviceStream = { authorization: await phone.proof('GET', '/wallet/v1/stream'), 'x-real-ip': ip(3) };
    expect((await watch('/wallet/v1/stream', deviceStream)).status).toBe(200);
    expect((await watchFlow(await newFlow(), ip(4))).status).toBe(200);
    expectRefused(await watchFlow(await newFlow(), ip(5)), 'client IP');
    expect((await watchFlow(await newFlow(), randomClientIp())).status).toBe(200);
  });

  it('sends personal data only to a stream opened with the app secret too; the state is the same for both', async () => {
    const id = await newFlow();
    const keyOnly = await watchFlow(id, '198.51.100.77');
    const withSecret = await watchFlow(id, '198.51.100.78', true);
    const viewOf = (client: SseClient) =>
      (client.events[0].data as { data: { request: Record<string, unknown> } }).data.request;
    const full = viewOf(withSecret);
    expect(full).toMatchObject({ user: sandbox.testPersons[0].nin, ip: expect.stringMatching(/\S/) });
    expect(viewOf(keyOnly)).toEqual({
      ...full,
      user: `*******${sandbox.testPersons[0].nin.slice(-4)}`,
      ip: '',
      useragent: '',
    });
  });
});

describe('legacy held polls are capped as streams are, counted on their own', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let baseUrl: string;
  let token: string;
  const held: AbortController[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { STREAMS_PER_CLIENT_IP: '2' } });
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    token = await integrator.authorize();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
  });
  // Closing answers every poll still held with its flow; a poll whose client left first would be answered into a
  // closed connection with no flow at all, which the response schema check would count against the document.
  afterAll(async () => {
    await t.close();
    for (const poll of held) poll.abort();
  });

  /** Starts a held poll on a fresh flow from `ip`; resolves with its status once answered, which a held one is not. */
  async function poll(ip: string): Promise<{ answered: Promise<Response> }> {
    const id = (await integrator.start('different-device', { ...DIFFERENT_DEVICE, user: sandbox.testPersons[0].nin }))
      .id;
    const abort = new AbortController();
    held.push(abort);
    const answered = fetch(`${baseUrl}/api/v2/flow/polling`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': sandbox.apiKey,
        'x-access-token': token,
        'x-real-ip': ip,
      },
      body: JSON.stringify({ request: id }),
      signal: abort.signal,
    });
    answered.catch(() => undefined);
    return { answered };
  }

  const stillHeld = (answered: Promise<Response>) =>
    Promise.race([answered.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('held'), 300))]);

  it('refuses a third poll held for one client IP with 429 and Retry-After, while streams and other clients go on', async () => {
    const ip = randomClientIp();
    const [first, second] = [await poll(ip), await poll(ip)];
    const third = await (await poll(ip)).answered;
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await third.json()).toEqual({
      status: 'failed',
      reason: 'Too many held polls are open for this client IP; close one or retry later',
      version: 'v2',
    });
    expect(await stillHeld(first.answered)).toBe('held');
    expect(await stillHeld(second.answered)).toBe('held');
    expect(await stillHeld((await poll(randomClientIp())).answered)).toBe('held');
  });
});
