import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WAIT_MS = 30_000;

/**
 * The Redis server of this machine (the one `.ci/run` starts), stopped and started by the fault suites. Started again
 * exactly as `.ci/run` starts it, so the suites leave it as they found it.
 */
export class LocalRedis {
  private readonly host: string;
  private readonly port: string;

  constructor(redisUrl: string) {
    const url = new URL(redisUrl);
    this.host = url.hostname;
    this.port = url.port || '6379';
  }

  async answers(): Promise<boolean> {
    return run('redis-cli', ['-h', this.host, '-p', this.port, 'ping']).then(
      ({ stdout }) => stdout.trim() === 'PONG',
      () => false,
    );
  }

  /** Stops it without saving (it keeps nothing the suites need), and resolves once it no longer answers. */
  async stop(): Promise<void> {
    await run('redis-cli', ['-h', this.host, '-p', this.port, 'shutdown', 'nosave']).catch(() => undefined);
    await this.until(false);
  }

  /** Starts it unless it answers already, and resolves once it answers. */
  async start(): Promise<void> {
    if (await this.answers()) return;
    mkdirSync('/var/lib/redis', { recursive: true });
    mkdirSync('/var/log/redis', { recursive: true });
    await run('redis-server', [
      '--daemonize', 'yes',
      '--bind', '127.0.0.1', '-::1',
      '--port', this.port,
      '--save', '',
      '--appendonly', 'no',
      '--dir', '/var/lib/redis',
      '--logfile', '/var/log/redis/ci.log',
    ]); // prettier-ignore
    await this.until(true);
  }

  private async until(answering: boolean): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while ((await this.answers()) !== answering) {
      if (Date.now() > deadline) throw new Error(`Redis on port ${this.port} still ${answering ? 'down' : 'up'}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
