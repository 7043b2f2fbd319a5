import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/service-process';

const ROOT = join(__dirname, '..', '..');
const START_TIMEOUT_MS = 60_000;
/** The operator token the benchmarks start idflow with, to bootstrap a sandbox app through the admin API. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';
/** A limit a minute no benchmark reaches, so that every request is counted and none refused. */
export const BENCH_RATE_LIMIT = '1000000000';

/** A module given to `node --import` inline; encoded, since `?` and `#` would end a URL's path. */
function inlineModule(source: string): string {
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

// Nest turns SIGTERM into a kill by the same signal after its shutdown hooks, and a process killed by a signal writes no
// CPU profile: a profiled process is stopped by SIGUSR2 instead, on which it exits normally.
const EXIT_ON_SIGUSR2 = inlineModule("process.on('SIGUSR2', () => process.exit(0));");
// Answers 'memory' on the IPC channel with process.memoryUsage() after a full collection, so heap and external memory
// are read as the process itself reports them, and `{ heapSnapshotIn }` with the path of a heap snapshot written in
// that folder; the channel does not keep the process alive.
const MEMORY_PROBE = inlineModule(`
  import { join } from 'node:path';
  import { writeHeapSnapshot } from 'node:v8';
  process.channel?.unref();
  let snapshots = 0;
  process.on('message', (message) => {
    if (message === 'memory') {
      globalThis.gc?.();
      process.send({ memory: process.memoryUsage() });
    } else if (message?.heapSnapshotIn) {
      snapshots += 1;
      const path = join(message.heapSnapshotIn, 'heap-' + snapshots + '.heapsnapshot');
      process.send({ heapSnapshot: writeHeapSnapshot(path) });
    }
  });
`);

export interface BenchProcessOptions {
  /** Where to write the process's CPU profile. */
  profileDir?: string;
  /** Lets `memory()` answer (JavaScript entry points only). */
  memoryProbe?: boolean;
  /** The checkout the process runs in; this one by default. */
  root?: string;
  /** The Node binary to run the server on: the project's own (the one running the benchmark) by default. */
  node?: string;
  /** Headers the readiness request needs (an API key). */
  readyHeaders?: Record<string, string>;
  /** Flags for Node itself (`--perf-basic-prof`, which names the JIT's functions for callgrind). */
  nodeFlags?: string[];
  /** A command to run Node under (valgrind), and how long to wait for the process to answer then. */
  wrapper?: { command: string[]; startTimeoutMs: number };
}

export interface BenchProcess {
  baseUrl: string;
  pid: number;
  /** CPU time (user and system) the process has used so far, in seconds. */
  cpuSeconds: () => number;
  /** Memory as the process reports it after a full garbage collection; needs `memoryProbe`. */
  memory: () => Promise<NodeJS.MemoryUsage>;
  /** Writes a heap snapshot in the folder (V8 collects garbage first) and answers its path; needs `memoryProbe`. */
  heapSnapshot: (folder: string) => Promise<string>;
  stop: () => Promise<void>;
}

/** Which Node runs the servers: `--node PATH` of a benchmark, else the project's own (npm scripts run on it). */
export function nodeVersion(node: string = process.execPath): string {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}

/** The production build an operator runs: `nest build` into dist/. */
export function buildIdflow(): void {
  console.log('building idflow (nest build) ...');
  execFileSync('npx', ['nest', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * idflow from its production build, as an operator starts it, with the rate limit out of the way: this checkout's
 * build, or the one under `root` (another checkout, built with `npx nest build`).
 */
export function startIdflow(
  environment: Record<string, string>,
  options: BenchProcessOptions = {},
): Promise<BenchProcess> {
  return startBenchProcess(
    'idflow',
    [join(options.root ?? ROOT, 'dist', 'src', 'main.js')],
    {
      NODE_ENV: 'production',
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      RATE_LIMIT_PER_MINUTE: BENCH_RATE_LIMIT,
      STREAMS_PER_APP: '1000000',
      STREAMS_PER_CLIENT_IP: '1000000',
      ...environment,
    },
    '/api/health/ready',
    options,
  );
}

/** Starts one server of the benchmark as its own process on a free port and waits until `readyPath` answers 200. */
export async function startBenchProcess(
  name: string,
  args: string[],
  environment: Record<string, string>,
  readyPath: string,
  options: BenchProcessOptions = {},
): Promise<BenchProcess> {
  const {
    profileDir,
    memoryProbe,
    root = ROOT,
    wrapper,
    node = process.execPath,
    readyHeaders,
    nodeFlags = [],
  } = options;
  const port = await freePort();
  const profiling = profileDir ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir}`, '--import', EXIT_ON_SIGUSR2] : [];
  // An --import makes Node load the entry point as ES modules, which the TypeScript hello apps are not.
  const probing = memoryProbe ? ['--expose-gc', '--import', MEMORY_PROBE] : [];
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const [command, ...wrapperArgs] = wrapper ? [...wrapper.command, node] : [node];
  const child = spawn(command, [...wrapperArgs, ...nodeFlags, ...profiling, ...probing, ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      ...environment,
    },
    // Request logs go nowhere: a pipe nobody reads would stall the server, and one read here would cost the load generator.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A process that cannot be spawned at all (no such working directory) says so here rather than by exiting.
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (wrapper?.startTimeoutMs ?? START_TIMEOUT_MS);
  const abandon = (reason: string) => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${name} ${reason}:\n${stderr}`);
  };
  for (;;) {
    if (spawnError) throw abandon(`could not start (${spawnError.message})`);
    if (child.exitCode !== null) throw abandon('exited early');
    const ready = await fetch(`${baseUrl}${readyPath}`, { headers: readyHeaders }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw abandon('did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  /** Sends the memory probe a question and answers the field of its reply that holds the answer. */
  const ask = <T>(question: string | object, answerIn: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (reply: Record<string, T>) => resolve(reply[answerIn]));
      child.send(question);
    });
  return {
    baseUrl,
    pid: child.pid as number,
    cpuSeconds: () => cpuSecondsOf(child.pid as number),
    memory: () => ask<NodeJS.MemoryUsage>('memory', 'memory'),
    heapSnapshot: (folder: string) => ask<string>({ heapSnapshotIn: folder }, 'heapSnapshot'),
    stop: async () => {
      child.kill(profileDir ? 'SIGUSR2' : 'SIGTERM');
      await exited;
      // A run leaves hundreds of megabytes of flows and usage records behind.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Linux counts a process's CPU time in clock ticks of 1/100 s (utime and stime, fields 14 and 15 of /proc/<pid>/stat).
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
