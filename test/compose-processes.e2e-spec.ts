import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/load-config';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { idflowInstances, interpolate, makeEnvFile, parseDotenv, readCompose } from './support/compose-file';
import { runCli } from './support/operator-cli';
import { callService, signedWithWebhook } from './support/service-calls';
import { ServiceProcess, freePort, startService } from './support/service-process';
import { createSchema } from './support/test-config';
import { WebhookReceiver } from './support/webhook-receiver';

const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const describeScaledOut = scaledOut ? describe : describe.skip;

/**
 * No container engine runs here: each compose instance is a process with the environment compose gives it, filled
 * from a `.env` made by the line of docs/operations.md. Only what a container network provides differs: the database
 * and Redis of this machine (a schema of this suite's own), ports of their own, and an empty DATA_DIR at every start,
 * as a container without volumes has.
 */
async function composeEnvironment(service: string, dotenv: Record<string, string>, schema: string) {
  // Each process listens on a port of its own, as each container has an address of its own.
  const { PORT: _port, ...declared } = readCompose().services[service].environment ?? {};
  const environment = Object.fromEntries(
    Object.entries(declared).map(([name, value]) => [name, interpolate(value, dotenv)]),
  );
  return {
    ...environment,
    DATABASE_URL: process.env.DATABASE_URL as string,
    DATABASE_SCHEMA: schema,
    REDIS_URL: process.env.REDIS_URL as string,
    METRICS_PORT: String(await freePort()),
    // Every suite on this machine counts its requests under 127.0.0.1 in the one Redis, the others with limits of
    // their own: at compose's 100 a minute, those counts refused this suite's calls.
    RATE_LIMIT_PER_MINUTE: '100000',
    // The suite's webhook receiver listens on loopback, over plain HTTP.
    ALLOW_PRIVATE_URLS: 'true',
    ALLOW_INSECURE_URLS: 'true',
  };
}

describeScaledOut("compose's two instances, as processes with the environment compose gives them", () => {
  const services = idflowInstances(readCompose()).map(([name]) => name);
  let dotenv: Record<string, string>;
  let schema: string;
  let instances: ServiceProcess[] = [];
  let receiver: WebhookReceiver;
  let sandbox: SandboxBootstrap;

  /** One after the other, each kept as soon as it answers, so that a failed start leaves none running. */
  const startAll = async () => {
    instances = [];
    for (const service of services) {
      instances.push(await startService(await composeEnvironment(service, dotenv, schema)));
    }
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idflow-compose-'));
    makeEnvFile(dir);
    dotenv = parseDotenv(readFileSync(join(dir, '.env'), 'utf8'));
    schema = await createSchema(process.env.DATABASE_URL as string);
    receiver = await WebhookReceiver.start();
    await startAll();
    // `docker compose run --rm idflow-a node dist/src/cli/main.js sandbox:bootstrap`: a one-off container with the
    // instance's settings and a DATA_DIR of its own.
    const oneOff = await composeEnvironment(services[0], dotenv, schema);
    const cli = await runCli(loadConfig({ ...oneOff, DATA_DIR: mkdtempSync(join(tmpdir(), 'idflow-run-')) }), [
      'sandbox:bootstrap',
      '--json',
    ]);
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    sandbox = JSON.parse(cli.stdout) as SandboxBootstrap;
  }, 90_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await receiver?.close();
  });

  it('serves the sandbox the operator CLI made, on either instance, with its sealed webhook secret', async () => {
    const [a, b] = instances;
    await expect(signedWithWebhook(sandbox, receiver, 'first-start', a, b)).resolves.toMatchObject({
      type: 'signing.completed',
    });
    const keys = await callService(b, `/admin/apps/${sandbox.appId}/keys`, {
      authorization: `Bearer ${dotenv.ADMIN_TOKEN}`,
    });
    expect(keys.status).toBe(200);
    expect(keys.body.data.keys).toEqual([expect.objectContaining({ environment: 'sandbox', revokedAt: null })]);
  });

  it('starts again, both instances, with the same .env and empty disks, and what was sealed before still opens', async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await startAll();
    const [a, b] = instances;
    await expect(signedWithWebhook(sandbox, receiver, 'second-start', b, a)).resolves.toMatchObject({
      type: 'signing.completed',
    });
    for (const instance of instances) {
      expect(instance.output()).not.toMatch(/SecretUnreadable|could not be opened/);
    }
  }, 60_000);
});
