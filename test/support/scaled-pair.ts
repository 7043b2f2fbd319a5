import { callJson, type JsonAnswer } from './json-call';
import { ServiceProcess, startService } from './service-process';
import { randomClientIp } from './test-app';
import { createSchema, TEST_KEY_ENCRYPTION_KEY } from './test-config';
import { eventually } from './waiting';

const ADMIN_TOKEN = 'faults-admin-token-0123456789';

/** The sandbox app both instances serve, with what a test needs to call as it and to check its webhooks. */
export interface PairSandbox {
  /** The app's key and secret, and a client IP of the pair's own (see `start`). */
  headers: Record<string, string>;
  webhookSecret: string;
  nins: string[];
}

/**
 * Two compiled servers (`dist/src/main.js`), as two instances of a deployment: each with a disk of its own, both on one
 * fresh PostgreSQL schema and the one Redis of the environment (`DATABASE_URL`, `REDIS_URL`), with one sandbox app. Calls
 * come from a client IP of their own (`x-real-ip`, believed from loopback): the rate-limit counters in that Redis are
 * shared with every suite, and thousands of calls counted against 127.0.0.1 would refuse the others' for a minute.
 */
export class ScaledPair {
  private constructor(
    readonly a: ServiceProcess,
    readonly b: ServiceProcess,
    readonly sandbox: PairSandbox,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<ScaledPair> {
    const databaseUrl = process.env.DATABASE_URL as string;
    const settings = {
      ADMIN_TOKEN,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      WEBHOOK_HOST_CHECK: 'syntax',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: await createSchema(databaseUrl),
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      REDIS_URL: process.env.REDIS_URL as string,
      ...env,
    };
    // One after the other: the second finds the schema migrated and the service key made.
    const a = await startService(settings);
    const b = await startService(settings).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    const bootstrap = await callJson(`${a.baseUrl}/admin/sandbox/bootstrap`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { apiKey, appSecret, webhookSecret, testPersons } = bootstrap.body.data;
    return new ScaledPair(a, b, {
      headers: { 'x-api-key': apiKey, 'x-access-secret': appSecret, 'x-real-ip': randomClientIp() },
      webhookSecret,
      nins: testPersons.map((person: { nin: string }) => person.nin),
    });
  }

  get instances(): ServiceProcess[] {
    return [this.a, this.b];
  }

  /** Calls the API on one instance as the sandbox app. */
  call(on: ServiceProcess, path: string, body?: object, method = 'POST') {
    return callJson(`${on.baseUrl}${path}`, { method, headers: this.sandbox.headers, body });
  }

  readiness(on: ServiceProcess): Promise<JsonAnswer> {
    return callJson(`${on.baseUrl}/api/health/ready`, { method: 'GET' });
  }

  /** Resolves once both instances say they are ready; fails after `timeoutMs`. */
  async untilReady(timeoutMs: number): Promise<void> {
    for (const on of this.instances) {
      await eventually(`${on.baseUrl} ready`, async () => (await this.readiness(on)).status === 200, timeoutMs);
    }
  }

  /** The lines either instance printed that mention `text` (an error id, say), to show why an answer went wrong. */
  linesMentioning(text: string): string[] {
    return this.instances.flatMap((on) =>
      on
        .output()
        .split('\n')
        .filter((line) => line.includes(text)),
    );
  }

  /** Stops whichever instances still run. */
  async stop(): Promise<void> {
    await Promise.all(this.instances.map((instance) => instance.stop()));
  }
}
