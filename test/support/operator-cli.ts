import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../src/config/app-config';

const ROOT = join(__dirname, '..', '..');
/** Longer than any command takes on a loaded machine, shorter than the suites' spawn timeout. */
const HANG_MS = 50_000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The compiled operator CLI as its own process (`node dist/src/cli/main.js`), on a test app's database; with
 * `via: 'npm'`, through `npm run cli` exactly as docs/operations.md tells operators. `extraEnv` adds to (or, empty,
 * unsets) what the app's configuration gives it (FILE_STORAGE, S3_*, ...).
 */
export function runCli(
  config: AppConfig,
  args: string[],
  via: 'node' | 'npm' = 'node',
  extraEnv: Record<string, string> = {},
): Promise<CliRun> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: config.DATA_DIR,
    DATABASE_PATH: config.DATABASE_PATH,
    ...(config.DATABASE_URL ? { DATABASE_URL: config.DATABASE_URL } : {}),
    ...(config.DATABASE_SCHEMA ? { DATABASE_SCHEMA: config.DATABASE_SCHEMA } : {}),
    ...(config.KEY_ENCRYPTION_KEY ? { KEY_ENCRYPTION_KEY: config.KEY_ENCRYPTION_KEY } : {}),
    ...extraEnv,
  };
  const [command, commandArgs] =
    via === 'npm'
      ? ['npm', ['run', '--silent', 'cli', '--', ...args]]
      : [process.execPath, ['dist/src/cli/main.js', ...args]];
  const child = spawn(command, commandArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A command that hangs is killed, so that it fails its test instead of keeping the run alive.
  const killer = setTimeout(() => child.kill('SIGKILL'), HANG_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * What the command wrote to stderr beyond the outbound guard's start-up notice, which a test that lets the service reach
 * loopback (ALLOW_PRIVATE_URLS) gets from every process: a warning or error line of anything else.
 */
export function unexpectedLogLines(run: CliRun): string[] {
  return run.stderr.split('\n').filter((line) => line !== '' && !line.includes('[OutboundClient] ALLOW_PRIVATE_URLS'));
}
