import { type ChildProcess, spawn } from 'node:child_process';
import request from 'supertest';
import { onFreePort } from './service-process';
import type { TestAgent } from './test-app';
import { eventually } from './waiting';

/** pino's number for `error`: a line at this level or above (fatal) is a failure the operator would be paged for. */
const ERROR_LEVEL = 50;
/** Longer than the compiled server takes to start on a loaded 2-core machine. */
const START_MS = 60_000;

/**
 * The image's CMD started in a folder laid out as its runtime stage, as a process of its own: what a deployment runs,
 * with production dependencies only. It keeps everything the process writes, to find lines logged at error level.
 */
export class ArtifactServer {
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
  }

  /**
   * `command` in exec form (`node` is this Node 24, as the image's is), in `folder`, on a free port: `env` is given the
   * origin it will answer on, for settings that must name it (BASE_URL).
   */
  static start(
    folder: string,
    [program, ...args]: string[],
    env: (origin: string) => Record<string, string>,
  ): Promise<ArtifactServer> {
    if (program !== 'node') throw new Error(`the image's command runs ${program}, not node`);
    return onFreePort(async (port) => {
      const origin = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, args, {
        cwd: folder,
        env: { PATH: process.env.PATH ?? '', ...env(origin), PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const server = new ArtifactServer(child, origin);
      await server.ready().catch(async (error: unknown) => {
        await server.stop();
        const failure: NodeJS.ErrnoException = new Error(`${String(error)}\n${server.output}`);
        if (server.output.includes('EADDRINUSE')) failure.code = 'EADDRINUSE';
        throw failure;
      });
      return server;
    });
  }

  /** An integrator's HTTP client of this server, for the suites' helpers. */
  http = (): TestAgent => request.agent(this.baseUrl);

  /** Everything the process wrote, stdout and stderr. */
  log(): string {
    return this.output;
  }

  /** The lines pino wrote at error level or above; a line that is not JSON counts too, since pino wrote none such. */
  errorLines(): string[] {
    return this.output.split('\n').filter((line) => {
      if (line.trim() === '') return false;
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= ERROR_LEVEL;
      } catch {
        return true;
      }
    });
  }

  /** SIGTERM, as the image's STOPSIGNAL; resolves with how the process ended. */
  async stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (this.exited()) {
        resolve({ code: this.child.exitCode, signal: this.child.signalCode });
      } else {
        this.child.once('exit', (code, signal) => resolve({ code, signal }));
      }
    });
    this.child.kill('SIGTERM');
    return ended;
  }

  private exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  private async ready(): Promise<void> {
    const answers = async () => (await fetch(`${this.baseUrl}/api/health/ready`)).ok;
    await eventually('the server answers /api/health/ready', async () => this.exited() || answers(), START_MS);
    if (this.exited()) throw new Error(`the server exited (${this.child.exitCode ?? this.child.signalCode}) unready`);
  }
}
