import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startService } from './support/service-process';

const ROOT = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
/** The Node major that `npm install` brings: the `node` package's version in package.json. */
const pinnedMajor = manifest.devDependencies.node.replace(/^\D*/, '').split('.')[0];

describe('the runtime npm install brings', () => {
  it('is Node 24 LTS, which engines asks for', () => {
    expect(pinnedMajor).toBe('24');
    expect(manifest.engines.node).toMatch(/^>=24\./);
  });

  it('runs the test runner, whatever Node ran npm install', () => {
    expect(process.versions.node.split('.')[0]).toBe(pinnedMajor);
  });

  it('is the node that npm scripts find first on their PATH', () => {
    const version = execFileSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    expect(version.split('.')[0]).toBe(pinnedMajor);
  });

  it('runs the server, which reports it in its metrics', async () => {
    const service = await startService({ METRICS_TOKEN: 'runtime-metrics-token-0123456789' });
    try {
      const metrics = await fetch(`${service.baseUrl}/metrics`, {
        headers: { authorization: 'Bearer runtime-metrics-token-0123456789' },
      });
      expect(await metrics.text()).toMatch(new RegExp(`idflow_nodejs_version_info\\{[^}]*major="${pinnedMajor}"`));
    } finally {
      await service.stop();
    }
  });
});
