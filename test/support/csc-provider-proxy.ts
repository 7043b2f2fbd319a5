import { generateKeyPairSync, sign } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_CLIENT } from '../../src/remote-signing/csc-constants';

export type ProviderMode = 'honest' | 'down' | 'lying';

/** An OAuth2 client a proxy accepts in place of the sandbox's, as an external provider has clients of its own. */
export interface ProxyClient {
  id: string;
  secret: string;
}

/**
 * A CSC provider as idflow is configured with one: a proxy in front of the sandbox provider idflow serves, which can be
 * down, or lie (answer signHash with a signature by another key), and, given a client, accepts that client's
 * credentials only, as an external provider would, counting the signatures it is asked for and the tokens it gives.
 */
export class CscProviderProxy {
  mode: ProviderMode = 'honest';
  /** The origin of the idflow whose sandbox provider signs. */
  target = '';
  signHashes = 0;
  /** Access tokens it gave out: requests to `oauth2/token` that it did not refuse. */
  tokens = 0;
  private readonly otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  private readonly server = createServer((request, response) => void this.handle(request, response));

  private constructor(private readonly client?: ProxyClient) {}

  static async start(client?: ProxyClient): Promise<CscProviderProxy> {
    const proxy = new CscProviderProxy(client);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/csc/v2`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.mode === 'down') {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks).toString('utf8');
    const tokenRequest = request.url?.endsWith('/oauth2/token') === true;
    if (this.client && tokenRequest) {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== this.client.id || form.get('client_secret') !== this.client.secret) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'invalid_client', error_description: 'Unknown client or wrong secret' }));
        return;
      }
      form.set('client_id', SANDBOX_CLIENT.id);
      form.set('client_secret', SANDBOX_CLIENT.secret);
      body = form.toString();
    }
    if (tokenRequest) this.tokens += 1;
    const signing = request.url?.endsWith('signatures/signHash') === true;
    if (signing) this.signHashes += 1;
    const upstream = await fetch(`${this.target}${request.url}`, {
      method: 'POST',
      headers: {
        'content-type': String(request.headers['content-type']),
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      },
      body,
    });
    let text = await upstream.text();
    if (this.mode === 'lying' && signing && upstream.status === 200) {
      const forged = sign('sha256', Buffer.from('something else'), this.otherKey).toString('base64');
      text = JSON.stringify({ signatures: [forged] });
    }
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
