import { type ECDH, createECDH, randomBytes } from 'node:crypto';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';
import { LocalServer } from './local-server';

/** One notification as the push service took it: the VAPID token's claims and the decrypted payload. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  vapid: JWTPayload;
  /** The `k` of the VAPID authorization, the key the token verified with. */
  vapidKey: string;
  plaintext: string;
}

/**
 * A push service of RFC 8030 on loopback standing in for a browser's, with the browser's side of each subscription:
 * it checks every request's VAPID token (RFC 8292) against the key it names, decrypts the aes128gcm body (RFC 8291)
 * with `http_ece` and the subscription's private key, and answers with the status a test sets per subscription.
 */
export class PushEndpoint {
  readonly received: ReceivedPush[] = [];
  /** Requests that failed the endpoint's checks, with why. */
  readonly refused: string[] = [];
  private readonly subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();

  private constructor(private server: LocalServer) {}

  static async start(): Promise<PushEndpoint> {
    const endpoint = new PushEndpoint(undefined as unknown as LocalServer);
    endpoint.server = await LocalServer.start((request, response, body) => {
      endpoint
        .take(request.url ?? '', request.headers, body)
        .then((status) => response.writeHead(status).end())
        .catch((error: Error) => {
          endpoint.refused.push(error.message);
          response.writeHead(400).end(error.message);
        });
    });
    return endpoint;
  }

  /** A new subscription, as `PushSubscription.toJSON()` gives it in a browser. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const path = `/push/${randomBytes(8).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.subscriptions.set(path, { ecdh, auth, status: 201 });
    return {
      endpoint: `${this.server.origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** From now on, this subscription's requests are answered with `status` (410: the subscription is gone). */
  answer(endpoint: string, status: number): void {
    const subscription = this.subscriptions.get(new URL(endpoint).pathname);
    if (!subscription) throw new Error(`no subscription ${endpoint}`);
    subscription.status = status;
  }

  /** What reached this subscription's endpoint. */
  to(endpoint: string): ReceivedPush[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  get origin(): string {
    return this.server.origin;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private async take(
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): Promise<number> {
    const subscription = this.subscriptions.get(path);
    if (!subscription) return 404;
    if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
    if (!/^\d+$/.test(String(headers.ttl))) throw new Error('no TTL header');
    const vapid = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(String(headers.authorization));
    if (!vapid) throw new Error(`no VAPID authorization: ${String(headers.authorization)}`);
    const [, token, vapidKey] = vapid;
    const point = Buffer.from(vapidKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: this.server.origin });
    if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('VAPID exp beyond 24 hours');
    const plaintext = decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.auth,
    }).toString('utf8');
    this.received.push({ path, headers, vapid: payload, vapidKey, plaintext });
    return subscription.status;
  }
}
