import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** openssl prints its verdicts on stderr and the response on stdout; both are read as one report, failed or not. */
export async function openssl(args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run('openssl', args);
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
}
