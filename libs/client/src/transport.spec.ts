import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IdflowError } from './idflow-error';
import { Transport } from './transport';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in service on 127.0.0.1 answering each request with the next of `answers`, recording what it received. */
async function service(answers: Answer[]): Promise<{ url: string; received: IncomingMessage[]; server: Server }> {
  const received: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    received.push(request);
    request.resume().on('end', () => answers[Math.min(received.length - 1, answers.length - 1)](request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const ok: Answer = (_, response) =>
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ status: 'successful', reason: 'Flow state', data: { request: { id: 'req_1' } } }));
const busy =
  (status: number, retryAfter?: string): Answer =>
  (_, response) =>
    response
      .writeHead(status, { 'content-type': 'text/plain', ...(retryAfter ? { 'retry-after': retryAfter } : {}) })
      .end('Too Many Requests');

describe('Transport retries', () => {
  const servers: Server[] = [];
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done)))));
  const start = async (answers: Answer[]) => {
    const stub = await service(answers);
    servers.push(stub.server);
    return stub;
  };
  const ping = (transport: Transport, idempotencyKey?: string) =>
    transport.json({
      method: 'POST',
      path: '/api/v2/flow/ping',
      body: { request: 'req_1' },
      idempotent: true,
      idempotencyKey,
    });

  it('sends an idempotent call again after the Retry-After a 503 names, and resolves with the answer', async () => {
    const stub = await start([busy(503, '1'), ok]);
    const transport = new Transport({ apiKey: 'k', basePath: stub.url, retry: { attempts: 2 } });
    const started = Date.now();
    await expect(ping(transport)).resolves.toEqual({ request: { id: 'req_1' } });
    expect(stub.received).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after the attempts it was allowed, with the status, the plain-text reason and retryAfter', async () => {
    const stub = await start([busy(429, '0')]);
    const transport = new Transport({ apiKey: 'k', basePath: stub.url, retry: { attempts: 2 } });
    const failure = await ping(transport).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdflowError);
    expect(failure).toMatchObject({
      status: 429,
      reason: 'Too Many Requests',
      body: 'Too Many Requests',
      retryAfter: 0,
    });
    expect(stub.received).toHaveLength(3);
  });

  it('fails at once when Retry-After asks for longer than maxDelayMs, or when retries are off', async () => {
    const stub = await start([busy(429, '60'), ok]);
    const bounded = new Transport({ apiKey: 'k', basePath: stub.url, retry: { attempts: 3, maxDelayMs: 5000 } });
    await expect(ping(bounded)).rejects.toMatchObject({ status: 429, retryAfter: 60 });
    const off = new Transport({ apiKey: 'k', basePath: stub.url });
    await expect(ping(off)).resolves.toBeDefined();
    expect(stub.received).toHaveLength(2);
  });

  it('retries a create only when it carries an Idempotency-Key, sending the same key again', async () => {
    const stub = await start([busy(503, '0'), busy(503, '0'), ok]);
    const transport = new Transport({ apiKey: 'k', basePath: stub.url, retry: { attempts: 1 } });
    const create = (idempotencyKey?: string) =>
      transport.json({
        method: 'POST',
        path: '/api/v2/signing/different-device',
        body: {},
        idempotent: idempotencyKey !== undefined,
        idempotencyKey,
      });
    await expect(create()).rejects.toMatchObject({ status: 503 });
    expect(stub.received).toHaveLength(1);
    await expect(create('order-1042')).resolves.toBeDefined();
    expect(stub.received.slice(1).map((request) => request.headers['idempotency-key'])).toEqual([
      'order-1042',
      'order-1042',
    ]);
  });
});
