import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Certificate } from './self-signed-certificate';

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) => void;

/** An HTTP(S) server on 127.0.0.1 for outbound tests: counts the connections it accepts, reads each body whole. */
export class LocalServer {
  connections = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
  ) {
    server.on('connection', (socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  static async start(handler: Handler, options: { tls?: Certificate; port?: number } = {}): Promise<LocalServer> {
    const listener: http.RequestListener = (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => handler(request, response, Buffer.concat(chunks)));
    };
    const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new LocalServer(server, `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`);
  }

  get port(): number {
    return Number(new URL(this.origin).port);
  }

  /** Closes the server and every connection still open (a test may leave a slow answer hanging). */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
