import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface ServiceProcess {
  baseUrl: string;
  output: () => string;
  /** Sends SIGTERM and resolves once the process has exited. */
  stop: () => Promise<void>;
  pid: number;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const PORT_ATTEMPTS = 5;

/**
 * Runs `start` on a port found free, and again on another while it fails with EADDRINUSE: between freePort() closing
 * its probe and `start` listening, any socket opened meanwhile (an outbound connection, a server on port 0) may take
 * the port.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt === PORT_ATTEMPTS || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

// Ports below 1024 are never handed to a socket bound to port 0, so no suite running beside this one can start listening
// on one of these, as it can on a port freePort() found free a moment earlier.
const NEVER_EPHEMERAL_PORTS = [9, 1, 7, 13, 19];

/** A loopback port that refuses connections, for tests of a host nobody answers on. */
export async function closedPort(): Promise<number> {
  for (const port of NEVER_EPHEMERAL_PORTS) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error(`every one of ports ${NEVER_EPHEMERAL_PORTS.join(', ')} answers on this machine`);
}

/**
 * Runs the compiled server (`dist/src/main.js`, which the suites' global set-up builds when the sources are newer) as
 * its own process, exactly as an operator would, and collects what it prints. `root` is where the build is: another
 * copy of it, for a test that takes a file away.
 */
export function runService(
  env: Record<string, string>,
  root = ROOT,
): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'idflow-proc-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited: ended.then(({ code }) => code), ended };
}

/** Starts the service (the build under `root`) and waits until it answers. */
export async function startService(env: Record<string, string> = {}, root = ROOT): Promise<ServiceProcess> {
  return onFreePort((port) => startServiceOn(port, env, root));
}

async function startServiceOn(port: number, env: Record<string, string>, root: string): Promise<ServiceProcess> {
  const run = runService({ PORT: String(port), ...env }, root);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (run.child.exitCode !== null) {
      const error: NodeJS.ErrnoException = new Error(`service exited early:\n${run.stderr()}`);
      if ((run.stdout() + run.stderr()).includes('EADDRINUSE')) error.code = 'EADDRINUSE';
      throw error;
    }
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // A service that never became ready would otherwise outlive the suite and hold its port and files.
      run.child.kill('SIGKILL');
      await run.exited;
      throw new Error(`service did not start in time:\n${run.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    output: () => run.stdout() + run.stderr(),
    stop: async () => {
      run.child.kill('SIGTERM');
      await run.exited;
    },
    exited: run.ended,
    pid: run.child.pid as number,
  };
}
