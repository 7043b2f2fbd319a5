import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WAIT_MS = 60_000;

/**
 * The PostgreSQL cluster of this machine (Debian's `main` cluster, which `.ci/run` starts), restarted by the fault
 * suites and always left running.
 */
export class LocalPostgres {
  private readonly host: string;
  private readonly port: string;

  constructor(databaseUrl: string) {
    const url = new URL(databaseUrl);
    this.host = url.hostname;
    this.port = url.port || '5432';
  }

  async answers(): Promise<boolean> {
    return run('pg_isready', ['-q', '-h', this.host, '-p', this.port]).then(
      () => true,
      () => false,
    );
  }

  /** A fast shutdown (open sessions are ended, as an operator's restart ends them) and a start. */
  async restart(): Promise<void> {
    await this.cluster('restart');
    await this.untilAnswering();
  }

  /** Starts it unless it answers already, and resolves once it answers. */
  async start(): Promise<void> {
    if (!(await this.answers())) await this.cluster('start').catch(() => undefined);
    await this.untilAnswering();
  }

  private async cluster(action: 'start' | 'restart'): Promise<void> {
    const [version] = readdirSync('/etc/postgresql');
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action]);
  }

  private async untilAnswering(): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!(await this.answers())) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL on port ${this.port} still down`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
