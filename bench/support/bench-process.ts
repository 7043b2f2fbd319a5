import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/service-process';

const ROOT = join(__dirname, '..', '..');
const START_TIMEOUT_MS = 60_000;

/** A module given to `node --import` inline; encoded, since `?` and `#` would end a URL's path. */
function inlineModule(source: string): string {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

// Nest turns SIGTERM into a kill by the same signal after its shutdown hooks, and a process killed by a signal writes no
// CPU profile: a profiled process is stopped by SIGUSR2 instead, on which it exits normally.
const EXIT_ON_SIGUSR2 = inlineModule("process.on('SIGUSR2', () => process.exit(0));");
// Answers 'memory' on the IPC channel with process.memoryUsage() after a full collection, so heap and external memory
// are read as the process itself reports them; the channel does not keep the process alive.
const MEMORY_PROBE = inlineModule(`
  process.channel?.unref();
  process.on('message', (message) => {
    if (message !== 'memory') return;
    globalThis.gc?.();
    process.send({ memory: process.memoryUsage() });
  });
`);

export interface BenchProcess {
  baseUrl: string;
  pid: number;
  /** Memory as the process reports it after a full garbage collection. */
  memory: () => Promise<NodeJS.MemoryUsage>;
  stop: () => Promise<void>;
}

/** Starts one server of the benchmark as its own process on a free port and waits until `readyPath` answers 200. */
export async function startBenchProcess(
  name: string,
  args: string[],
  environment: Record<string, string> | ((port: number) => Record<string, string>),
  readyPath: string,
  profileDir?: string,
): Promise<BenchProcess> {
  const port = await freePort();
  const extra = typeof environment === 'function' ? environment(port) : environment;
  const profiling = profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir}`, '--import', EXIT_ON_SIGUSR2] : [];
  const probing = ['--expose-gc', '--import', MEMORY_PROBE];
  const child = spawn(process.execPath, [...profiling, ...probing, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), `bench-${name}-`)),
      PORT: String(port),
      ...extra,
    },
    // Request logs go nowhere: a pipe nobody reads would stall the server, and one read here would cost the load generator.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${stderr}`);
    const ready = await fetch(`${baseUrl}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`${name} did not start in time:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    pid: child.pid as number,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message: { memory: NodeJS.MemoryUsage }) => resolve(message.memory));
        child.send('memory');
      }),
    stop: async () => {
      child.kill(profileDir ? 'SIGUSR2' : 'SIGTERM');
      await exited;
    },
  };
}
