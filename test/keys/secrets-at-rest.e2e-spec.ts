import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DataSource } from 'typeorm';
import { KEY_FILE_NAME } from '../../src/key-encryption/keyring-source';
import { TenantsService } from '../../src/tenants/tenants.service';
import { startSigning } from '../support/signing-flows';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { runCli } from '../support/operator-cli';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { testConfig } from '../support/test-config';

const SANDBOX_DEVICE = 'dev_sandbox_10000000001';
const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

interface StoredSecrets {
  servicePrivateJwk: string;
  webhookSecret: string;
  virtualPrivateJwk: string;
}

/** The three secrets as the database holds them: what a stolen backup would show. */
async function storedSecrets(t: TestApp, appId: string): Promise<StoredSecrets> {
  const db = t.app.get(DataSource);
  const [key] = await db.query(`SELECT private_jwk FROM service_keys`);
  const [app] = await db.query(`SELECT webhook_secret FROM apps WHERE id = $1`.replace('$1', `'${appId}'`));
  const [device] = await db.query(`SELECT virtual_private_jwk FROM devices WHERE id = '${SANDBOX_DEVICE}'`);
  return {
    servicePrivateJwk: key.private_jwk,
    webhookSecret: app.webhook_secret,
    virtualPrivateJwk: device.virtual_private_jwk,
  };
}

const keyIdOf = (sealed: string) => sealed.split('.')[1];

describe(`secrets at rest on ${dialect}`, () => {
  let shared: Record<string, string>;
  let t: TestApp;
  let sandbox: SandboxBootstrap;

  beforeAll(async () => {
    const fresh = await testConfig();
    shared = fresh.DATABASE_URL
      ? { DATABASE_SCHEMA: fresh.DATABASE_SCHEMA as string }
      : { DATABASE_PATH: fresh.DATABASE_PATH };
    t = await createTestApp({ env: shared });
    sandbox = await bootstrapSandbox(t.app);
  });
  afterAll(() => t.close());

  it("keeps the service's signing key, webhook secrets and virtual devices' keys sealed, never in clear", async () => {
    const stored = await storedSecrets(t, sandbox.appId);
    for (const value of Object.values(stored)) expect(value).toMatch(/^kek1\.[\w-]{8}\.[\w-]+\.[\w-]+$/);
    expect(stored.webhookSecret).not.toContain(sandbox.webhookSecret);
    expect(JSON.stringify(stored)).not.toMatch(/"d"\s*:/);
  });

  (dialect === 'SQLite' ? it : it.skip)(
    'makes the key file once, beside the database, readable by its owner only',
    () => {
      const keyFile = join(dirname(t.config.DATABASE_PATH), KEY_FILE_NAME);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    },
  );

  it('seals secrets an earlier version stored in clear when an instance starts, and they keep working', async () => {
    const db = t.app.get(DataSource);
    const plainWebhookSecret = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    await db.query(`UPDATE apps SET webhook_secret = '${plainWebhookSecret}' WHERE id = '${sandbox.appId}'`);
    const jwksBefore = (await t.http().get('/.well-known/jwks.json').expect(200)).body;

    const next = await createTestApp({ env: shared });
    try {
      const stored = await storedSecrets(next, sandbox.appId);
      expect(stored.webhookSecret).toMatch(/^kek1\./);
      const app = await next.app.get(DataSource).query(`SELECT id FROM apps WHERE id = '${sandbox.appId}'`);
      expect(app).toHaveLength(1);
      const tenants = next.app.get(TenantsService);
      expect(tenants.webhookSecretOf(await tenants.findApp(sandbox.appId))).toBe(plainWebhookSecret);
      expect((await next.http().get('/.well-known/jwks.json').expect(200)).body).toEqual(jwksBefore);
    } finally {
      await next.close();
    }
  });

  (dialect === 'SQLite' ? it : it.skip)(
    'keys:rotate makes a new key and reseals every secret; the service goes on signing, approving and verifying',
    async () => {
      const before = await storedSecrets(t, sandbox.appId);
      const rotated = await runCli(t.config, ['keys:rotate', '--json']);
      expect(rotated).toMatchObject({ code: 0, stderr: '' });
      const result = JSON.parse(rotated.stdout);
      expect(result).toMatchObject({ previousKey: keyIdOf(before.webhookSecret), resealed: expect.any(Number) });
      expect(result.resealed).toBeGreaterThanOrEqual(3);

      const after = await storedSecrets(t, sandbox.appId);
      for (const value of Object.values(after)) expect(keyIdOf(value)).toBe(result.currentKey);
      const keyFile = await readFile(join(dirname(t.config.DATABASE_PATH), KEY_FILE_NAME), 'utf8');
      expect(keyFile.trim().split('\n')).toHaveLength(2);

      // The running instance reads what the CLI resealed: the virtual device still signs.
      const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
      const nin = sandbox.testPersons[0].nin;
      const flow = await startSigning(integrator, 'different-device', {
        action: 'sign',
        nin,
        payload: 'Rotate me',
        webhook: { host: 'https://example.com/hook', reference: 'rotate' },
      });
      await integrator.simulate('approve', flow.id, { nin }).expect(201);
      expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed', signature: expect.any(String) });
    },
  );
  it('a sealed value copied into another row does not open there', async () => {
    const other = await bootstrapSandbox(t.app);
    const db = t.app.get(DataSource);
    const { webhookSecret } = await storedSecrets(t, sandbox.appId);
    await db.query(`UPDATE apps SET webhook_secret = '${webhookSecret}' WHERE id = '${other.appId}'`);
    const tenants = t.app.get(TenantsService);
    const app = await tenants.findApp(other.appId);
    expect(() => tenants.webhookSecretOf(app)).toThrow(/apps\.webhook_secret:app_\w+ cannot be read/);
  });
});
