import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/load-config';
import { SETTINGS } from '../src/config/settings';
import { TestApp, createTestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

interface ComposeService {
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
}

/** The runtime stage: everything after the last FROM. */
const runtimeStage = () =>
  read('Dockerfile')
    .split(/^FROM /m)
    .pop() as string;

describe('the container image and compose file match the app (no container engine here to run them)', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, ComposeService>;
    networks: { idflow: { ipam: { config: Array<{ subnet: string }> } } };
  };
  const instances = Object.entries(compose.services).filter(([name]) => name.startsWith('idflow-'));

  it('runs two idflow instances whose every variable is a setting the config accepts', () => {
    expect(instances.map(([name]) => name)).toEqual(['idflow-a', 'idflow-b']);
    for (const [, service] of instances) {
      const environment = service.environment ?? {};
      for (const name of Object.keys(environment)) expect(Object.keys(SETTINGS)).toContain(name);
      // Compose fills the ${...} values from the operator's environment; stand-ins of the right shape here.
      const filled = Object.fromEntries(
        Object.entries(environment).map(([name, value]) => [
          name,
          value.startsWith('${')
            ? name === 'KEY_ENCRYPTION_KEY'
              ? Buffer.alloc(32).toString('base64')
              : 'x'.repeat(32)
            : value,
        ]),
      );
      expect(() => loadConfig(filled)).not.toThrow();
    }
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
    const stage = runtimeStage();
    expect(stage).toMatch(/^USER idflow$/m);
    const port = /^\s*PORT=(\d+)/m.exec(stage)?.[1];
    expect(stage).toContain(`EXPOSE ${port}`);
    expect(stage).toContain('CMD ["node", "dist/src/main.js"]');
    const nestCli = JSON.parse(read('nest-cli.json')) as { entryFile: string };
    expect(`dist/${nestCli.entryFile}.js`).toBe('dist/src/main.js');
    expect(existsSync(join(ROOT, 'src/cli/main.ts'))).toBe(true);
    expect(stage).toContain('node dist/src/cli/main.js');
  });

  describe('the health check', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('probes a route the app serves without credentials', async () => {
      const path = /\/api\/health\/\w+/.exec(runtimeStage())?.[0] as string;
      await t.http().get(path).expect(200);
    });
  });
});
