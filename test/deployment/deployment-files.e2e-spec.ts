import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { loadConfig } from '../../src/config/load-config';
import { SETTINGS } from '../../src/config/settings';
import {
  DEPLOYING_PAGE,
  idflowInstances,
  interpolate,
  makeEnvFile,
  parseDotenv,
  readCompose,
  readRepoFile as read,
  variablesOf,
} from '../support/compose-file';
import { Dockerfile } from '../support/dockerfile';
import { TestApp, createTestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');

/** A `.env` as the line of docs/operations.md makes it, in a directory of its own. */
function freshEnvFile(): { dir: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'idflow-compose-'));
  makeEnvFile(dir);
  return { dir, text: readFileSync(join(dir, '.env'), 'utf8') };
}

const declared = (name: string) => name in SETTINGS;

describe('the container image and compose file match the app (no container engine here to run them)', () => {
  const compose = readCompose();
  const instances = idflowInstances(compose);

  it('runs two idflow instances whose every variable is a setting the config accepts, filled from .env', () => {
    expect(instances.map(([name]) => name)).toEqual(['idflow-a', 'idflow-b']);
    const dotenv = parseDotenv(freshEnvFile().text);
    for (const [, service] of instances) {
      const environment = service.environment ?? {};
      for (const name of Object.keys(environment)) expect(declared(name)).toBe(true);
      const filled = Object.fromEntries(
        Object.entries(environment).map(([name, value]) => [name, interpolate(value, dotenv)]),
      );
      expect(() => loadConfig(filled)).not.toThrow();
    }
  });

  it('shares the database, the bus and the file store between the instances, and keeps nothing on one', () => {
    const [[, first], ...others] = instances;
    for (const [, service] of others) expect(service.environment).toEqual(first.environment);
    const environment = first.environment ?? {};
    const serviceAt = (url: string) => compose.services[new URL(url).hostname];
    expect(serviceAt(environment.DATABASE_URL).image).toMatch(/^postgres:/);
    expect(serviceAt(environment.REDIS_URL).image).toMatch(/^redis:/);
    // The stored files live in the shared database, not on an instance's disk.
    expect(environment.FILE_STORAGE).toBe('database');
    for (const [, service] of instances) expect(service.volumes).toBeUndefined();
    expect(Dockerfile.read().runtime.all('VOLUME')).toEqual([]);
  });

  it('takes the secrets from .env, the same at every start, and generates nothing when it starts', () => {
    const environment = instances[0][1].environment ?? {};
    for (const name of ['KEY_ENCRYPTION_KEY', 'ADMIN_TOKEN']) {
      expect(variablesOf(environment[name])).toEqual([{ name, required: true }]);
    }
    for (const value of Object.values(environment)) expect(value).not.toContain('$(');
    const startCommands = [...read(DEPLOYING_PAGE).split('\n'), ...read('compose.yaml').split('\n')].filter((line) =>
      line.includes('docker compose up'),
    );
    expect(startCommands.length).toBeGreaterThan(0);
    for (const line of startCommands) expect(line).not.toContain('$(');
  });

  it("makes .env once with docs/operations.md's line: fresh secrets compose needs, owner-only, never replaced", () => {
    const { dir, text } = freshEnvFile();
    expect(statSync(join(dir, '.env')).mode & 0o777).toBe(0o600);
    const dotenv = parseDotenv(text);
    const required = Object.values(instances[0][1].environment ?? {})
      .flatMap(variablesOf)
      .filter((variable) => variable.required)
      .map((variable) => variable.name);
    expect(Object.keys(dotenv).sort()).toEqual(required.sort());
    expect(Buffer.from(dotenv.KEY_ENCRYPTION_KEY, 'base64')).toHaveLength(32);
    expect(dotenv.KEY_ENCRYPTION_KEY).not.toBe(parseDotenv(freshEnvFile().text).KEY_ENCRYPTION_KEY);
    makeEnvFile(dir);
    expect(readFileSync(join(dir, '.env'), 'utf8')).toBe(text);
  });

  it('lists in deploy/compose.env.example every variable compose reads from .env', () => {
    const fromEnvFile = Object.values(instances[0][1].environment ?? {}).flatMap(variablesOf);
    const example = parseDotenv(read('deploy/compose.env.example'));
    expect(Object.keys(example).sort()).toEqual(fromEnvFile.map((variable) => variable.name).sort());
    for (const { name, fallback } of fromEnvFile) expect(example[name]).toBe(fallback ?? '');
  });

  it('trusts exactly the proxy, which sits in the network compose defines and reaches the instances on PORT', () => {
    const proxy = compose.services.proxy;
    const address = (proxy.networks as Record<string, { ipv4_address: string }>).idflow.ipv4_address;
    const [subnet] = compose.networks.idflow.ipam.config;
    expect(ipaddr.parse(address).match(ipaddr.parseCIDR(subnet.subnet))).toBe(true);
    const caddyfile = read('deploy/Caddyfile');
    for (const [name, service] of instances) {
      expect(service.environment?.TRUSTED_PROXIES).toBe(address);
      expect(caddyfile).toContain(`${name}:${service.environment?.PORT}`);
    }
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('runs as a non-root user, exposes PORT, and starts the compiled server that nest build makes', () => {
    const stage = Dockerfile.read().runtime;
    expect(stage.all('USER')).toEqual(['idflow']);
    expect(stage.all('EXPOSE')).toEqual([stage.env.PORT]);
    expect(stage.cmd).toEqual(['node', 'dist/src/main.js']);
    const nestCli = JSON.parse(read('nest-cli.json')) as { entryFile: string };
    expect(`dist/${nestCli.entryFile}.js`).toBe('dist/src/main.js');
    expect(existsSync(join(ROOT, 'src/cli/main.ts'))).toBe(true);
    expect(read('Dockerfile')).toContain('node dist/src/cli/main.js');
  });

  describe('the health check', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('probes a route the app serves without credentials', async () => {
      const path = /\/api\/health\/\w+/.exec(Dockerfile.read().runtime.healthcheck.join(' '))?.[0] as string;
      await t.http().get(path).expect(200);
    });
  });
});
