import { Server, Socket, connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the service that cuts the first event stream through it as soon as its first event has
 * passed, as a proxy or a network drop would, and lets every later connection through untouched.
 */
export class StreamCuttingProxy {
  /** Connections whose answer was an event stream. */
  streams = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<StreamCuttingProxy> {
    const { hostname, port } = new URL(target);
    let proxy: StreamCuttingProxy | undefined;
    const server = createServer((client) => {
      const upstream = connect(Number(port), hostname);
      (proxy as StreamCuttingProxy).track(client, upstream);
      client.pipe(upstream);
      let seen = '';
      let stream = false;
      upstream.on('data', (chunk: Buffer) => {
        client.write(chunk);
        seen += chunk.toString('latin1');
        if (!stream && seen.includes('text/event-stream')) {
          stream = true;
          (proxy as StreamCuttingProxy).streams++;
        }
        if (stream && (proxy as StreamCuttingProxy).streams === 1 && /\ndata: [^\n]*\n\n/.test(seen)) {
          client.destroy();
          upstream.destroy();
        }
      });
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new StreamCuttingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private track(...sockets: Socket[]): void {
    for (const socket of sockets) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    }
  }
}
