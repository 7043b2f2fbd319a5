import { Agent, IncomingMessage, Server, ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What an Ingress controller does in front of a Service's pods, as far as a roll can tell: it sends each request to one
 * of the endpoints that are ready (round robin), over keep-alive connections of its own, passes the answer on as it is
 * written (event streams unbuffered), and overwrites `X-Real-IP` with its peer's address, as nginx-based controllers do.
 * Endpoints are added once their readiness probe passes and removed as soon as their pod starts terminating, as the
 * endpoint controller does; a request in flight to a removed endpoint finishes there.
 */
export class EndpointBalancer {
  /** Requests that got no answer from the endpoint chosen for them: each one a request a client lost. */
  readonly failures: string[] = [];
  private endpoints: string[] = [];
  private next = 0;
  private readonly agent = new Agent({ keepAlive: true });

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<EndpointBalancer> {
    let balancer: EndpointBalancer | undefined;
    const server = createServer((incoming, outgoing) => balancer?.forward(incoming, outgoing));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    balancer = new EndpointBalancer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return balancer;
  }

  add(endpoint: string): void {
    this.endpoints.push(endpoint);
  }

  remove(endpoint: string): void {
    this.endpoints = this.endpoints.filter((candidate) => candidate !== endpoint);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const endpoint = this.endpoints[this.next++ % Math.max(this.endpoints.length, 1)];
    const refuse = (reason: string) => {
      this.failures.push(`${incoming.method} ${incoming.url}: ${reason}`);
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    };
    if (!endpoint) return refuse('no endpoint ready');
    const peer = (incoming.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    // A client that goes away (a stream it closes) ends the request to the endpoint too, and no request was lost.
    let clientGone = false;
    outgoing.on('close', () => {
      if (outgoing.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    const upstream = request(
      new URL(incoming.url ?? '/', endpoint),
      { method: incoming.method, headers: { ...incoming.headers, 'x-real-ip': peer }, agent: this.agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        answer.on('error', (error) => clientGone || refuse(`${endpoint} cut its answer: ${error.message}`));
      },
    );
    upstream.on('error', (error) => clientGone || refuse(`${endpoint}: ${error.message}`));
    incoming.pipe(upstream);
  }
}
