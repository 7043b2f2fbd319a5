import { randomInt } from 'node:crypto';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { CaddyProxy, describeBehindCaddy } from '../support/caddy-proxy';
import { callFrom, clientAddress } from '../support/client-address';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { SseClient } from '../support/sse-client';
import { TestApp, createListeningTestApp, createTestApp } from '../support/test-app';

const LIMITS = { RATE_LIMIT_PER_MINUTE: '10', STREAMS_PER_CLIENT_IP: '2' };

/** What a client that wants another IP sends: different on every request. */
const spoofed = () => {
  const ip = `203.0.113.${randomInt(1, 255)}`;
  return { 'cf-connecting-ip': ip, 'x-real-ip': ip, 'x-forwarded-for': ip };
};

describeBehindCaddy('behind the shipped Caddyfile, a client cannot choose its IP with a header', () => {
  let t: TestApp;
  let proxy: CaddyProxy;
  let sandbox: SandboxBootstrap;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    // The default TRUSTED_PROXIES (loopback among them) and CLIENT_IP_HEADERS: Caddy is trusted for all three headers.
    t = await createListeningTestApp(() => LIMITS);
    sandbox = await bootstrapSandbox(t.app);
    proxy = await CaddyProxy.start(new URL(await t.app.getUrl()).host);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await proxy?.stop();
    await t?.close();
  });

  it("records the address Caddy sees on the flow, not the one the client's headers name", async () => {
    const client = clientAddress();
    const created = await callFrom(`${proxy.origin}/api/v2/identification/same-device`, client, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret, ...spoofed() },
      body: { action: 'login', claims: ['naming.name'], payload: 'Log in' },
    });
    expect(created.status).toBe(201);
    expect(created.body?.data.request.ip).toBe(client);
  });

  it('counts every request of one client against its rate limit, whatever address its headers name', async () => {
    const client = clientAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= Number(LIMITS.RATE_LIMIT_PER_MINUTE); i++) {
      statuses.push((await callFrom(`${proxy.origin}/api/health/check`, client, { headers: spoofed() })).status);
    }
    expect(statuses).toEqual([...Array<number>(Number(LIMITS.RATE_LIMIT_PER_MINUTE)).fill(401), 429]);
  });

  it("caps one client's event streams, whatever address its headers name", async () => {
    const client = clientAddress();
    const created = await callFrom(`${proxy.origin}/api/v2/identification/same-device`, client, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret },
      body: { action: 'login', claims: ['naming.name'], payload: 'Log in' },
    });
    const url = `${proxy.origin}/api/v2/flow/sse?request=${created.body?.data.request.id as string}`;
    const statuses: number[] = [];
    for (let i = 0; i <= Number(LIMITS.STREAMS_PER_CLIENT_IP); i++) {
      const stream = await SseClient.open(url, { 'x-api-key': sandbox.apiKey, ...spoofed() }, client);
      streams.push(stream);
      statuses.push(stream.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the operator names the client-IP headers its proxy sets, and the others are ignored', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CLIENT_IP_HEADERS: 'x-forwarded-for' } });
  });
  afterAll(() => t.close());

  it('takes the client IP from x-forwarded-for alone, whatever cf-connecting-ip and x-real-ip say', async () => {
    const sandbox = await bootstrapSandbox(t.app);
    const created = await t
      .http()
      .post('/api/v2/identification/same-device')
      .set({ 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret })
      .set({ 'cf-connecting-ip': '203.0.113.1', 'x-real-ip': '203.0.113.2', 'x-forwarded-for': '198.51.100.7' })
      .send({ action: 'login', claims: ['naming.name'], payload: 'Log in' })
      .expect(201);
    expect(created.body.data.request.ip).toBe('198.51.100.7');
  });
});
