import { execFile } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { sha256Hex } from '../../src/common/crypto/digest';
import { Person } from '../../src/persons/person.entity';
import { PersonsService } from '../../src/persons/persons.service';
import { OperatorAuditService } from '../../src/operators/operator-audit.service';
import { SCOPES } from '../../src/tenants/scopes';
import { TenantsService } from '../../src/tenants/tenants.service';
import { KEY_HOLDER_TTL_MS } from '../../src/tenants/key-holder.cache';
import { DevicesService } from '../../src/devices/devices.service';
import { TestApp, createTestApp } from '../support/test-app';
import { TestDevice } from '../support/test-device';
import { CliRun, runCli } from '../support/operator-cli';
import type { JsonBody } from '../support/json-body';
import { TYPESCRIPT_SOURCES } from '../support/typescript-process';
import { eventually } from '../support/waiting';

const SPAWN_TIMEOUT_MS = 60_000;

describe('operator CLI', () => {
  let t: TestApp;

  const cli = (args: string[], via: 'node' | 'npm' = 'node', env: Record<string, string> = {}) =>
    runCli(t.config, args, via, env);

  /** Exactly one JSON object and nothing else on stdout. */
  function onlyJsonObject(run: CliRun): JsonBody {
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toMatch(/^\{.*\}$/s);
    const parsed = JSON.parse(run.stdout);
    expect(parsed).toBeInstanceOf(Object);
    expect(Array.isArray(parsed)).toBe(false);
    return parsed;
  }

  let first: CliRun;
  let second: CliRun;
  let unknownConsumer: CliRun;
  let badEnvironment: CliRun;
  let appCreated: CliRun;
  let keyCreated: CliRun;
  let personCreated: CliRun;
  let enrollmentCode: CliRun;
  let publicKeyPem: string;
  // A production person, so the sandbox holds only the test persons sandbox:bootstrap seeds.
  const holderNin = '30000000001';

  beforeAll(async () => {
    // The test app migrates the database first, so the CLI processes below never race to migrate it.
    t = await createTestApp();
    const files = mkdtempSync(join(tmpdir(), 'idflow-cli-'));
    const claimsFile = join(files, 'claims.json');
    writeFileSync(
      claimsFile,
      JSON.stringify({ naming: { name: 'Ngozi Chimamanda Adichie' }, contact: { emailverified: true } }),
    );
    [first, unknownConsumer, badEnvironment, personCreated] = await Promise.all([
      cli(['sandbox:bootstrap', '--json']),
      cli(['app:create', '--consumer', 'bcn_000000000000000000000000', '--name', 'Web', '--env', 'sandbox']),
      cli(['app:create', '--consumer', 'bcn_000000000000000000000000', '--name', 'Web', '--env', 'staging']),
      cli(['person:create', '--nin', holderNin, '--env', 'production', '--name', 'Ngozi', '--claims', claimsFile]),
    ]);
    const { consumerId, appId } = onlyJsonObject(first);
    publicKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    const publicKeyFile = join(files, 'claims.pub.pem');
    writeFileSync(publicKeyFile, publicKeyPem);
    [second, appCreated, keyCreated, enrollmentCode] = await Promise.all([
      cli(['sandbox:bootstrap', '--json'], 'npm'),
      cli([
        'app:create',
        '--consumer',
        consumerId,
        '--name',
        'Web',
        '--env',
        'production',
        '--scopes',
        'signing:same,document:sign',
        '--public-key',
        publicKeyFile,
        '--json',
      ]),
      cli(['key:create', '--app', appId]),
      cli(['device:enrollment-code', '--nin', holderNin, '--env', 'production', '--json']),
    ]);
  }, 4 * SPAWN_TIMEOUT_MS);
  afterAll(() => t.close());

  it('sandbox:bootstrap --json prints one JSON object with working sandbox credentials', async () => {
    const result = onlyJsonObject(first);
    expect(Object.keys(result).sort()).toEqual(
      [
        'apiKey',
        'appId',
        'appSecret',
        'consumerId',
        'ninWithoutDigitalId',
        'privateKey',
        'testPersons',
        'webhookSecret',
      ].sort(),
    );
    expect(result).toMatchObject({
      consumerId: expect.stringMatching(/^bcn_[0-9A-Za-z]{24}$/),
      appId: expect.stringMatching(/^app_[0-9A-Za-z]{24}$/),
      apiKey: expect.stringMatching(/^bk-test_[0-9A-Za-z]{40}$/),
      appSecret: expect.stringMatching(/^snb_[0-9A-Za-z]{40}$/),
      webhookSecret: expect.stringMatching(/^whsec_/),
      ninWithoutDigitalId: expect.stringMatching(/^\d{11}$/),
    });
    expect(result.testPersons.length).toBeGreaterThanOrEqual(3);
    for (const person of result.testPersons)
      expect(person).toEqual({ nin: expect.stringMatching(/^\d{11}$/), name: expect.any(String) });

    const privateKey = createPrivateKey(result.privateKey);
    expect(privateKey.asymmetricKeyType).toBe('rsa');
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    const app = await t.app.get(TenantsService).findApp(result.appId);
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(app.publicKeyPem);
    expect([...app.scopes].sort()).toEqual([...SCOPES].sort());
    await t
      .http()
      .get('/api/v1/flow/authorize')
      .set('x-api-key', result.apiKey)
      .set('x-access-secret', result.appSecret)
      .expect(200);
  });

  it('a second run through `npm run -s cli` gives a new app over the same test persons', async () => {
    const again = onlyJsonObject(second);
    const result = onlyJsonObject(first);
    expect(again.appId).not.toBe(result.appId);
    expect(again.apiKey).not.toBe(result.apiKey);
    expect(again.testPersons).toEqual(result.testPersons);
    expect(again.ninWithoutDigitalId).toBe(result.ninWithoutDigitalId);
    const persons = await t.app.get(DataSource).getRepository(Person).findBy({ environment: 'sandbox' });
    expect(persons.map((person) => person.nin).sort()).toEqual(
      [...result.testPersons.map((person: { nin: string }) => person.nin), result.ninWithoutDigitalId].sort(),
    );
  });

  it(
    'consumers:list, apps:list and keys:list name ids, environments, scopes and last use, never a secret',
    async () => {
      const sandbox = onlyJsonObject(first);
      const [consumers, apps, keys] = await Promise.all([
        cli(['consumers:list', '--json']),
        cli(['apps:list', '--consumer', sandbox.consumerId, '--json']),
        cli(['keys:list', '--app', sandbox.appId, '--json']),
      ]);
      // Null, or a time when a suite's request used a key of the app and the minute's write has come.
      const listedConsumer = onlyJsonObject(consumers).consumers.find(
        (consumer: { id: string }) => consumer.id === sandbox.consumerId,
      );
      expect(listedConsumer).toEqual({
        id: sandbox.consumerId,
        name: expect.any(String),
        createdAt: expect.any(Number),
        lastUsedAt: listedConsumer.lastUsedAt === null ? null : expect.any(Number),
      });
      // The bootstrap's app, and app:create's under the same consumer.
      const listedApps = onlyJsonObject(apps).apps;
      expect(listedApps.map((app: { appId: string }) => app.appId)).toEqual([
        sandbox.appId,
        onlyJsonObject(appCreated).appId,
      ]);
      expect(listedApps[0]).toEqual({
        appId: sandbox.appId,
        consumerId: sandbox.consumerId,
        name: expect.any(String),
        environment: 'sandbox',
        scopes: expect.arrayContaining([...SCOPES]),
        createdAt: expect.any(Number),
        lastUsedAt: listedApps[0].lastUsedAt === null ? null : expect.any(Number),
      });
      const listed = onlyJsonObject(keys).keys;
      // The bootstrap's key, and key:create's when its test has not revoked it yet.
      expect(listed.length).toBeGreaterThanOrEqual(1);
      for (const key of listed) {
        expect(key).toEqual(expect.objectContaining({ appId: sandbox.appId, environment: 'sandbox' }));
        expect(Object.keys(key).sort()).toEqual(
          ['appId', 'createdAt', 'environment', 'hint', 'id', 'lastUsedAt', 'revokedAt'].sort(),
        );
      }
      for (const run of [consumers, apps, keys]) {
        for (const secret of [sandbox.apiKey, sandbox.appSecret, sandbox.webhookSecret, sha256Hex(sandbox.apiKey)])
          expect(run.stdout).not.toContain(secret);
        expect(run.stdout).not.toMatch(/digest|secret|PRIVATE KEY/i);
      }
    },
    2 * SPAWN_TIMEOUT_MS,
  );

  it(
    '--version prints the package version, through npm too',
    async () => {
      const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
        version: string;
      };
      const [direct, viaNpm] = await Promise.all([cli(['--version']), cli(['--version'], 'npm')]);
      expect(direct).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
      expect(viaNpm.stdout).toBe(`${version}\n`);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    "--version, --help and a command's --help answer without loading the service (Nest, TypeORM, a driver)",
    async () => {
      const loaded = async (args: string[]) => {
        const file = join(mkdtempSync(join(tmpdir(), 'idflow-cli-modules-')), 'loaded.txt');
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [...TYPESCRIPT_SOURCES, '-r', './test/support/loaded-modules.ts', 'dist/src/cli/main.js', ...args],
          { cwd: join(__dirname, '..', '..'), env: { ...process.env, LOADED_MODULES_FILE: file } },
        );
        return { stdout, modules: readFileSync(file, 'utf8').split('\n') };
      };
      const runs = await Promise.all([['--version'], ['--help'], ['apps:list', '--help']].map(loaded));
      expect(runs.map((run) => run.stdout.split('\n')[0])).toEqual([
        expect.stringMatching(/^\d+\.\d+\.\d+$/),
        'Usage: idflow [options] [command]',
        'Usage: idflow apps:list [options]',
      ]);
      for (const { modules } of runs) {
        expect(
          modules.filter((file) => /node_modules\/(@nestjs\/core|typeorm|better-sqlite3|pg)\//.test(file)),
        ).toEqual([]);
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it('every command names an app appId in its JSON, never id, app or app_id (key:revoke is checked below)', () => {
    for (const run of [first, appCreated]) {
      const printed = onlyJsonObject(run);
      expect(printed.appId).toMatch(/^app_/);
      for (const other of ['app', 'app_id', 'application']) expect(printed).not.toHaveProperty(other);
      expect(printed.id ?? '').not.toMatch(/^app_/);
    }
  });

  it('app:create keeps the given public key and scopes, and prints no private key', () => {
    const app = onlyJsonObject(appCreated);
    expect(app).toMatchObject({
      consumerId: onlyJsonObject(first).consumerId,
      environment: 'production',
      scopes: ['signing:same', 'document:sign'],
      publicKey: publicKeyPem,
      appSecret: expect.stringMatching(/^snb_/),
    });
    expect(app).not.toHaveProperty('privateKey');
  });

  it(
    'key:create prints a key that works until key:revoke revokes it',
    async () => {
      expect(keyCreated.code).toBe(0);
      const apiKey = /bk-test_[0-9A-Za-z]{40}/.exec(keyCreated.stdout)?.[0] as string;
      expect(keyCreated.stdout).toMatch(/^API key key_[0-9A-Za-z]{24} created for app /);
      await t.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);

      const revoked = onlyJsonObject(await cli(['key:revoke', '--key', apiKey, '--json']));
      expect(revoked).toMatchObject({ appId: onlyJsonObject(first).appId, revokedAt: expect.any(Number) });
      expect(JSON.stringify(revoked)).not.toContain(apiKey);
      // The CLI is another process, with no bus on the embedded default to tell the server: the server's key cache
      // sees the revocation within KEY_HOLDER_TTL_MS, not at once (a revocation through the admin API is at once).
      const check = () => t.http().get('/api/health/check').set('x-api-key', apiKey);
      await eventually(
        'the server refuses the revoked key',
        async () => (await check()).status === 401,
        5 * KEY_HOLDER_TTL_MS,
      );
      expect((await check().expect(401)).body.reason).toBe('The x-api-key has been revoked');
    },
    SPAWN_TIMEOUT_MS,
  );

  it('person:create reads a claims file and prints which claims the person holds, never the values', async () => {
    expect(personCreated).toMatchObject({ code: 0, stderr: '' });
    expect(personCreated.stdout).toMatch(new RegExp(`^Person ${holderNin} created \\(production\\)\n`));
    expect(personCreated.stdout).toMatch(/claims: +contact\.emailVerified, naming\.name\n/);
    expect(personCreated.stdout).not.toMatch(/Chimamanda|true/);
    const stored = await t.app.get(PersonsService).find('production', holderNin);
    expect(stored).toMatchObject({
      displayName: 'Ngozi',
      claims: { naming: { name: 'Ngozi Chimamanda Adichie' }, contact: { emailVerified: true } },
    });
  });

  it('device:enrollment-code --json prints one JSON object whose code enrolls a device of that person', async () => {
    const issued = onlyJsonObject(enrollmentCode);
    expect(issued).toEqual({
      code: expect.stringMatching(/^[0-9A-Za-z]{4}-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/),
      nin: holderNin,
      environment: 'production',
      expiresAt: expect.any(Number),
    });
    const device = await TestDevice.create();
    await device.enroll(t.http, issued.code);
    const devices = await t.app.get(DevicesService).activeDevicesOf(holderNin, 'production');
    expect(devices.map((enrolled) => enrolled.id)).toEqual([device.id]);
  });

  it(
    'devices:list shows the devices of a person without keys, and device:revoke stops one at once',
    async () => {
      const nin = '30000000002';
      await t.app.get(PersonsService).create({ environment: 'production', nin, displayName: 'Amaka', claims: {} });
      const { code } = await t.app.get(DevicesService).issueEnrollmentCode(nin, 'production');
      const device = await TestDevice.create();
      await device.enroll(t.http, code);

      const revoked = onlyJsonObject(await cli(['device:revoke', '--device', device.id as string, '--json']));
      expect(revoked).toMatchObject({ id: device.id, revokedAt: expect.any(Number) });
      expect((await device.get(t.http, '/wallet/v1/inbox')).status).toBe(401);

      const listed = onlyJsonObject(await cli(['devices:list', '--nin', nin, '--env', 'production', '--json']));
      expect(listed).toEqual({ devices: [{ ...revoked, label: 'Test phone', alg: 'ES256', virtual: false }] });
      expect(JSON.stringify(listed)).not.toContain(device.publicJwk.x as string);
      const human = await cli(['devices:list', '--nin', nin, '--env', 'production']);
      expect(human.stdout).toMatch(
        new RegExp(`^1 device of NIN ${nin} \\(production\\)\n  ${device.id}  Test phone \\(ES256\\), revoked `),
      );
    },
    2 * SPAWN_TIMEOUT_MS,
  );

  it('fails with exit code 1, a message on stderr and nothing on stdout', () => {
    expect(unknownConsumer).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('Consumer bcn_000000000000000000000000 does not exist'),
    });
    expect(badEnvironment).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/--env.*staging.*sandbox, production/s),
    });
  });

  it("puts each change in the operators' audit log with the CLI as actor and the ids it named and made, never a secret", async () => {
    const sandboxes = [onlyJsonObject(first), onlyJsonObject(second)];
    const entries = [];
    for await (const entry of t.app.get(OperatorAuditService).all()) entries.push(entry);
    const cliChanges = entries
      .filter((entry) => entry.actor === 'cli')
      .map(({ action, target, status }) => ({ action, target, status }));
    expect(cliChanges).toEqual(
      expect.arrayContaining([
        ...sandboxes.map(({ consumerId, appId }) => ({
          action: 'sandbox:bootstrap',
          target: { consumerId, appId },
          status: 200,
        })),
        { action: 'app:create', target: { consumerId: 'bcn_000000000000000000000000' }, status: 404 },
        {
          action: 'app:create',
          target: { consumerId: sandboxes[0].consumerId, appId: onlyJsonObject(appCreated).appId },
          status: 200,
        },
        {
          action: 'key:create',
          target: { appId: sandboxes[0].appId, id: expect.stringMatching(/^key_[0-9A-Za-z]{24}$/) },
          status: 200,
        },
        { action: 'person:create', target: { nin: holderNin, environment: 'production' }, status: 200 },
        { action: 'device:enrollment-code', target: { nin: holderNin, environment: 'production' }, status: 200 },
      ]),
    );
    // Refused by its options before it ran: no change, no entry.
    expect(cliChanges.filter((change) => change.action === 'app:create')).toHaveLength(2);
    const logged = JSON.stringify(entries);
    for (const { apiKey, appSecret, webhookSecret } of sandboxes)
      for (const secret of [apiKey, appSecret, webhookSecret]) expect(logged).not.toContain(secret);
    expect(logged).not.toContain(onlyJsonObject(enrollmentCode).code);
  });

  describe('a start that fails ends the command within seconds, with the reason in one line and no stack trace', () => {
    /** Exit code 1, nothing on stdout, and on stderr the reason alone. */
    function expectOneLineFailure(run: CliRun, reason: string): void {
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
      expect(run.stderr.trim().split('\n')).toEqual([`Error: ${reason}`]);
    }

    it('a key-encryption key that does not open', async () => {
      const run = await cli(['sandbox:bootstrap', '--json'], 'node', { KEY_ENCRYPTION_KEY: 'not-a-key' });
      expectOneLineFailure(run, 'KEY_ENCRYPTION_KEY: key 1 is not 32 bytes in base64 (44 characters ending in =)');
    });

    const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
    (scaledOut ? it : it.skip)(
      'no KEY_ENCRYPTION_KEY with PostgreSQL, the database and Redis connections already open',
      async () => {
        const startedAt = Date.now();
        const run = await cli(['sandbox:bootstrap', '--json'], 'node', {
          REDIS_URL: process.env.REDIS_URL as string,
          KEY_ENCRYPTION_KEY: '',
        });
        expect(Date.now() - startedAt).toBeLessThan(15_000);
        expectOneLineFailure(
          run,
          'KEY_ENCRYPTION_KEY is required with DATABASE_URL: every instance must seal secrets with the same key ' +
            '(make one with `openssl rand -base64 32`)',
        );
      },
      SPAWN_TIMEOUT_MS,
    );
  });
});
