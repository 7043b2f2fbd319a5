import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  OutboundClient,
  OutboundClientOptions,
  OutboundRequest,
  ResolvedAddress,
} from '../../src/common/outbound/outbound-client';
import { OutboundRefusal, OutboundRefusedError } from '../../src/common/outbound/errors/outbound-refused.error';
import { OutboundRequestError } from '../../src/common/outbound/errors/outbound-request.error';
import { LocalServer } from '../support/local-server';
import { closedPort } from '../support/service-process';
import { Certificate, selfSignedCertificate } from '../support/self-signed-certificate';

const KIB = 1024;

/** Test DNS: these names resolve to loopback; the system resolver is never asked. */
const FAKE_DNS: Record<string, ResolvedAddress[]> = {
  'evil.test': [{ address: '127.0.0.1', family: 4 }],
  'webhooks.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '::1', family: 6 },
  ],
};

function routes(request: IncomingMessage, response: ServerResponse, body: Buffer) {
  const url = new URL(request.url ?? '/', 'http://local');
  const hops = Number(url.searchParams.get('hops') ?? 0);
  switch (url.pathname) {
    case '/ok':
      response.end('hello');
      return;
    case '/echo':
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ method: request.method, body: body.toString(), headers: request.headers }));
      return;
    case '/status':
      response.statusCode = Number(url.searchParams.get('code'));
      response.end('status');
      return;
    case '/big':
      // 100 KiB in chunks, no content-length: the limit must be enforced while streaming.
      for (let i = 0; i < 100; i++) response.write(Buffer.alloc(KIB, 'a'));
      response.end();
      return;
    case '/big-declared':
      response.setHeader('content-length', String(100 * KIB));
      response.end(Buffer.alloc(100 * KIB, 'b'));
      return;
    case '/slow':
      setTimeout(() => response.end('late'), 5000).unref();
      return;
    case '/trickle':
      response.write('first bytes');
      setTimeout(() => response.end('late'), 5000).unref();
      return;
    case '/redirect':
      response.statusCode = Number(url.searchParams.get('code') ?? 302);
      response.setHeader('location', hops > 1 ? `/redirect?hops=${hops - 1}&code=${response.statusCode}` : '/echo');
      response.end();
      return;
    case '/to':
      response.statusCode = 302;
      response.setHeader('location', url.searchParams.get('location') as string);
      response.end();
      return;
    default:
      response.statusCode = 404;
      response.end();
  }
}

describe('outbound guard', () => {
  let server: LocalServer;
  let tlsServer: LocalServer;
  let certificate: Certificate;
  let resolved: string[];
  let connects: jest.SpyInstance;

  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    resolved.push(hostname);
    const addresses = FAKE_DNS[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

  const client = (policy: Partial<OutboundClientOptions> = {}) =>
    new OutboundClient({
      allowPrivateAddresses: false,
      allowInsecureUrls: false,
      resolve,
      ca: certificate.cert,
      ...policy,
    });
  const open = () => client({ allowPrivateAddresses: true, allowInsecureUrls: true });
  const get = (outbound: OutboundClient, url: string, extra: Partial<OutboundRequest> = {}) =>
    outbound.request({ url, maxResponseBytes: 64 * KIB, ...extra });

  const refusal = async (promise: Promise<unknown>): Promise<OutboundRefusal> => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof OutboundRefusedError))
      throw new Error(`expected an OutboundRefusedError, got ${String(error)}`);
    return error.refusal;
  };

  beforeAll(async () => {
    certificate = selfSignedCertificate(['webhooks.test', 'localhost', '127.0.0.1']);
    server = await LocalServer.start(routes);
    tlsServer = await LocalServer.start(routes, { tls: certificate });
  });
  afterAll(async () => {
    await server.close();
    await tlsServer.close();
  });
  beforeEach(() => {
    resolved = [];
    server.connections = 0;
    tlsServer.connections = 0;
    connects = jest.spyOn(Socket.prototype, 'connect');
  });
  afterEach(() => connects.mockRestore());

  describe('with private addresses refused (the default)', () => {
    const guarded = () => client({ allowInsecureUrls: true });

    it.each([
      ['127.0.0.1', 'http://127.0.0.1:9/ok'],
      ['10.0.0.1', 'http://10.0.0.1/ok'],
      ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
      ['the metadata service over IPv6', 'http://[fd00:ec2::254]/latest/meta-data/'],
      ['[::1]', 'http://[::1]:9/ok'],
      ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/ok'],
      ['a decimal-encoded 127.0.0.1', 'http://2130706433:9/ok'],
      ['a metadata host name', 'http://metadata.google.internal/computeMetadata/v1/'],
      ['localhost', 'http://localhost:9/ok'],
      ['a name under .localhost', 'http://app.localhost:9/ok'],
    ])('refuses %s before any connection is attempted or any name resolved', async (_name, url) => {
      await expect(refusal(get(guarded(), url))).resolves.toBe('private-address');
      expect(connects).not.toHaveBeenCalled();
      expect(resolved).toEqual([]);
    });

    it('refuses a host name that resolves to a loopback address, inside the connection, without reaching the server', async () => {
      const error = await get(guarded(), `http://evil.test:${server.port}/ok`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundRefusedError);
      expect((error as OutboundRefusedError).reason).toBe(
        'evil.test resolves to a loopback address, which idflow does not call',
      );
      expect(resolved).toEqual(['evil.test']);
      expect(server.connections).toBe(0);
    });

    it('refuses a name when any of its addresses is refused', async () => {
      await expect(
        refusal(get(client({ allowInsecureUrls: true }), `http://mixed.test:${server.port}/ok`)),
      ).resolves.toBe('private-address');
      expect(server.connections).toBe(0);
    });

    it('refuses the same host over https, before the TLS handshake', async () => {
      await expect(refusal(get(client(), `https://webhooks.test:${tlsServer.port}/ok`))).resolves.toBe(
        'private-address',
      );
      expect(tlsServer.connections).toBe(0);
    });
  });

  describe('with private addresses allowed (development and tests)', () => {
    it('reaches a loopback server by address and by name, resolving the name once, inside the connection', async () => {
      const byAddress = await get(open(), `${server.origin}/ok`);
      expect([byAddress.status, byAddress.body.toString()]).toEqual([200, 'hello']);
      const byName = await get(open(), `http://evil.test:${server.port}/ok`);
      expect([byName.status, byName.body.toString()]).toEqual([200, 'hello']);
      expect(resolved).toEqual(['evil.test']);
    });

    it('still refuses the metadata service', async () => {
      await expect(refusal(get(open(), 'http://169.254.169.254/latest/meta-data/'))).resolves.toBe('private-address');
      await expect(refusal(get(open(), 'http://[::ffff:169.254.169.254]/'))).resolves.toBe('private-address');
      expect(connects).not.toHaveBeenCalled();
    });

    it('sends the method, headers and body, and hands back a non-2xx answer rather than throwing', async () => {
      const echoed = await open().request({
        url: `${server.origin}/echo`,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
        body: '{"a":1}',
        maxResponseBytes: 64 * KIB,
      });
      const seen = JSON.parse(echoed.body.toString());
      expect(seen).toMatchObject({ method: 'POST', body: '{"a":1}' });
      expect(seen.headers).toMatchObject({ 'webhook-id': 'msg_1', 'content-length': '7', 'user-agent': 'idflow' });
      await expect(get(open(), `${server.origin}/status?code=503`)).resolves.toMatchObject({ status: 503 });
    });

    it('reports a connection that cannot be made as an OutboundRequestError with its code', async () => {
      const error = await get(open(), `http://127.0.0.1:${await closedPort()}/ok`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutboundRequestError);
      expect((error as OutboundRequestError).code).toBe('ECONNREFUSED');
    });
  });

  describe('https', () => {
    it('refuses http unless insecure URLs are allowed, before connecting', async () => {
      await expect(refusal(get(client({ allowPrivateAddresses: true }), `${server.origin}/ok`))).resolves.toBe(
        'insecure-url',
      );
      expect(connects).not.toHaveBeenCalled();
      await expect(get(open(), `${server.origin}/ok`)).resolves.toMatchObject({ status: 200 });
    });

    it('refuses other schemes', async () => {
      await expect(refusal(get(open(), 'file:///etc/passwd'))).resolves.toBe('invalid-url');
      await expect(refusal(get(open(), 'not a url'))).resolves.toBe('invalid-url');
    });

    it('reaches an https server by name through the guarded lookup', async () => {
      const answer = await get(client({ allowPrivateAddresses: true }), `https://webhooks.test:${tlsServer.port}/ok`);
      expect([answer.status, answer.body.toString()]).toEqual([200, 'hello']);
      expect(resolved).toEqual(['webhooks.test']);
    });
  });

  describe('limits', () => {
    it('aborts a streamed answer past the size limit', async () => {
      await expect(refusal(get(open(), `${server.origin}/big`))).resolves.toBe('too-large');
    });

    it('refuses a declared length past the limit without reading it', async () => {
      await expect(refusal(get(open(), `${server.origin}/big-declared`))).resolves.toBe('too-large');
    });

    it('keeps the first bytes when asked to truncate', async () => {
      const answer = await get(open(), `${server.origin}/big`, { oversize: 'truncate' });
      expect(answer.status).toBe(200);
      expect(answer.truncated).toBe(true);
      expect(answer.body).toHaveLength(64 * KIB);
      const small = await get(open(), `${server.origin}/ok`, { oversize: 'truncate' });
      expect(small.truncated).toBe(false);
    });

    it('gives up on an answer that does not come in time', async () => {
      const started = performance.now();
      await expect(refusal(get(open(), `${server.origin}/slow`, { timeoutMs: 300 }))).resolves.toBe('timeout');
      expect(performance.now() - started).toBeLessThan(1500);
    });

    it('counts the body in the time limit too', async () => {
      const started = performance.now();
      await expect(refusal(get(open(), `${server.origin}/trickle`, { timeoutMs: 300 }))).resolves.toBe('timeout');
      expect(performance.now() - started).toBeLessThan(1500);
    });
  });

  describe('redirects', () => {
    it('follows up to three, turning a 302 after a POST into a GET', async () => {
      const answer = await open().request({
        url: `${server.origin}/redirect?hops=3`,
        method: 'POST',
        body: 'x',
        maxResponseBytes: 64 * KIB,
      });
      expect(answer.url).toBe(`${server.origin}/echo`);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ method: 'GET', body: '' });
    });

    it('keeps the method and body through a 307', async () => {
      const answer = await open().request({
        url: `${server.origin}/redirect?hops=1&code=307`,
        method: 'POST',
        body: 'kept',
        maxResponseBytes: 64 * KIB,
      });
      expect(JSON.parse(answer.body.toString())).toMatchObject({ method: 'POST', body: 'kept' });
    });

    it('refuses a fourth', async () => {
      await expect(refusal(get(open(), `${server.origin}/redirect?hops=4`))).resolves.toBe('too-many-redirects');
    });

    it('hands a 3xx back untouched when told not to follow', async () => {
      const answer = await get(open(), `${server.origin}/redirect?hops=1`, { followRedirects: false });
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('/echo');
    });

    it('checks every target again: no redirect to the metadata service, none from https to http', async () => {
      const to = (origin: string, location: string) => `${origin}/to?location=${encodeURIComponent(location)}`;
      await expect(refusal(get(open(), to(server.origin, 'http://169.254.169.254/latest/meta-data/')))).resolves.toBe(
        'private-address',
      );
      // Only the first hop's connection was made; the redirect target was refused before one.
      expect(connects).toHaveBeenCalledTimes(1);

      server.connections = 0;
      const httpsOnly = client({ allowPrivateAddresses: true });
      await expect(
        refusal(get(httpsOnly, to(`https://webhooks.test:${tlsServer.port}`, `${server.origin}/ok`))),
      ).resolves.toBe('insecure-url');
      expect(server.connections).toBe(0);
    });
  });
});
