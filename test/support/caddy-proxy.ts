import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onFreePort } from './service-process';

const SHIPPED_CADDYFILE = join(__dirname, '..', '..', 'deploy', 'Caddyfile');
const installed = spawnSync('caddy', ['version']).status === 0;

/**
 * Suites behind a real Caddy (Debian's `caddy` package). A machine without it skips them with a notice; in CI (`CI=true`,
 * where `.ci/run` installs it) they run, and fail if it is missing.
 */
export const describeBehindCaddy: jest.Describe = installed || process.env.CI === 'true' ? describe : describe.skip;
if (!installed && process.env.CI !== 'true') {
  console.warn('Suites behind Caddy skipped: caddy is not installed (apt-get install caddy)');
}

/**
 * The shipped `deploy/Caddyfile` as it is, but for where it listens and what it proxies to: loopback only, with no
 * admin endpoint, no automatic HTTPS and no state written outside a temporary directory.
 */
function localCaddyfile(port: number, upstream: string): string {
  const shipped = readFileSync(SHIPPED_CADDYFILE, 'utf8');
  const local = shipped
    .replace(/^:8080 \{$/m, `:${port} {\n\tbind 127.0.0.1`)
    .replace(/reverse_proxy [^{\n]+\{/, `reverse_proxy ${upstream} {`);
  if (local === shipped) throw new Error('deploy/Caddyfile no longer has the shape this test rewrites');
  return `{\n\tadmin off\n\tauto_https off\n}\n\n${local}`;
}

/** A Caddy process configured by the shipped Caddyfile in front of `upstream` (`127.0.0.1:<port>`). */
export class CaddyProxy {
  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
    private readonly output: () => string,
  ) {}

  static async start(upstream: string): Promise<CaddyProxy> {
    if (!installed)
      throw new Error('caddy is not installed (apt-get install caddy): CI=true refuses to skip this suite');
    return onFreePort(async (port) => {
      const home = mkdtempSync(join(tmpdir(), 'idflow-caddy-'));
      const config = join(home, 'Caddyfile');
      writeFileSync(config, localCaddyfile(port, upstream));
      const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
        env: { PATH: process.env.PATH ?? '', HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const proxy = new CaddyProxy(child, `http://127.0.0.1:${port}`, () => output);
      await proxy.ready();
      return proxy;
    });
  }

  /** Until the proxy answers from the app, or the process has ended (port taken: EADDRINUSE, to try another). */
  private async ready(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (this.child.exitCode !== null) {
        const error: NodeJS.ErrnoException = new Error(`caddy exited early:\n${this.output()}`);
        if (this.output().includes('address already in use')) error.code = 'EADDRINUSE';
        throw error;
      }
      const answered = await fetch(`${this.origin}/api/health/live`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`caddy did not answer in time:\n${this.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
