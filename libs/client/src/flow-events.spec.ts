import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flowEvents } from './flow-events';
import { Transport } from './transport';

type Connection = (request: IncomingMessage, response: ServerResponse) => void;

const state = (status: string) => `data: ${JSON.stringify({ data: { request: { id: 'req_1', status } } })}\n\n`;
const stream = (response: ServerResponse, ...events: string[]) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.end(events.join(''));
};

/** A stand-in SSE route: each connection is answered by the next of `connections`. */
async function sseService(connections: Connection[]): Promise<{ transport: Transport; received: IncomingMessage[] }> {
  const received: IncomingMessage[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request);
    connections[Math.min(received.length - 1, connections.length - 1)](request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const basePath = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { transport: new Transport({ apiKey: 'k', basePath }), received };
}
const servers: Server[] = [];

async function statuses(transport: Transport, maxReconnects?: number): Promise<string[]> {
  const seen: string[] = [];
  for await (const flow of flowEvents(transport, 'req_1', { maxReconnects })) seen.push(flow.status);
  return seen;
}

describe('flowEvents', () => {
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done)))));

  it('reconnects after a stream that ended early, after its retry delay and with Last-Event-ID', async () => {
    const { transport, received } = await sseService([
      (_, response) => stream(response, `id: 41\nretry: 50\n${state('pending')}`),
      (_, response) => stream(response, state('completed')),
    ]);
    const started = Date.now();
    await expect(statuses(transport)).resolves.toEqual(['pending', 'completed']);
    expect(Date.now() - started).toBeLessThan(900);
    expect(received.map((request) => request.headers['last-event-id'])).toEqual([undefined, '41']);
    expect(received[0].headers).toMatchObject({ accept: 'text/event-stream', 'x-api-key': 'k' });
    expect(received[0].url).toBe('/api/v2/flow/sse?request=req_1');
  });

  it("yields a repeated state once, skips other events, and reconnects after the service's shutdown event", async () => {
    const { transport, received } = await sseService([
      (_, response) =>
        stream(
          response,
          state('pending'),
          ': keep-alive\n\n',
          state('pending'),
          'retry: 10\nevent: shutdown\ndata: {}\n\n',
        ),
      (_, response) => stream(response, state('pending'), state('active'), state('completed'), state('completed')),
    ]);
    await expect(statuses(transport)).resolves.toEqual(['pending', 'active', 'completed']);
    expect(received).toHaveLength(2);
  });

  it('gives up after maxReconnects connections in a row that bring nothing', async () => {
    const { transport, received } = await sseService([(_, response) => stream(response, 'retry: 10\n\n')]);
    await expect(statuses(transport, 2)).rejects.toThrow(/ended without an event/);
    expect(received).toHaveLength(3);
  });

  it('ends at once with the IdflowError of a refused stream', async () => {
    const { transport, received } = await sseService([
      (_, response) =>
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'failed', reason: 'No such flow' })),
    ]);
    await expect(statuses(transport)).rejects.toMatchObject({ status: 404, reason: 'No such flow' });
    expect(received).toHaveLength(1);
  });
});
