import { once } from 'node:events';
import { DomainError } from '../common/errors/domain-error';
import type { CliAction, OutputOptions } from './cli-action';

function describeFailure(error: unknown): string {
  if (error instanceof DomainError) {
    const issues = (error.issues ?? []).map((issue) => `\n  - ${issue.message}`).join('');
    return `${error.reason}${issues}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A failed command: its message on stderr, nothing on stdout, exit code 1. */
export function reportFailure(error: unknown): void {
  process.stderr.write(`Error: ${describeFailure(error)}\n`);
  process.exitCode = 1;
}

/** Each line as it comes, waiting whenever stdout's buffer is full. */
async function writeLines(lines: AsyncIterable<string>): Promise<void> {
  for await (const line of lines) if (!process.stdout.write(`${line}\n`)) await once(process.stdout, 'drain');
}

/**
 * Loads a command's action, boots the CLI's application context against the service's database (the same
 * configuration as `npm start`, migrations included) with what the action needs, runs it and prints its result. A
 * failure is a message on stderr and exit code 1. Nest and the service load here, not when the command is defined:
 * `--version` took 4.0 s and `--help` 6.1 s when every command's definition imported them (farm-bench, compiled CLI).
 */
export async function runCommand<Options extends OutputOptions>(
  options: Options,
  load: () => Promise<{ action: CliAction<Options> }>,
): Promise<void> {
  const [{ action }, { openCliContext }, { needsOf, recordChange }] = await Promise.all([
    load(),
    import('./cli-context'),
    import('./cli-audit'),
  ]);
  let context: Awaited<ReturnType<typeof openCliContext>>;
  try {
    context = await openCliContext(needsOf(action));
  } catch (error) {
    // Nest hands back no context when its start fails, so the connections opened before the failure (the database,
    // Redis) cannot be closed, and would keep the process alive for good: exit instead.
    reportFailure(error);
    process.exit(1);
  }
  let outcome: Parameters<typeof recordChange>[3] = { status: 200 };
  try {
    const result = await action.run(context, options);
    if ('lines' in result) {
      await writeLines(result.lines);
    } else {
      outcome = { status: 200, made: result.json };
      process.stdout.write(options.json ? `${JSON.stringify(result.json)}\n` : `${result.human}\n`);
    }
  } catch (error) {
    outcome = { status: error instanceof DomainError ? error.status : 500 };
    reportFailure(error);
  } finally {
    await recordChange(context, action, options, outcome).catch(reportFailure);
    await context.close();
  }
}
