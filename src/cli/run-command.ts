import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DomainError } from '../common/errors/domain-error';
import { loadConfig } from '../config/load-config';
import { CliModule } from './cli.module';
import { StderrLogger } from '../common/logging/stderr.logger';

/** What a command shows: one JSON object with `--json`, otherwise a short summary for a person. */
export interface CommandResult {
  json: object;
  human: string;
}

export interface OutputOptions {
  json?: boolean;
}

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

/**
 * Boots the CLI's application context against the service's database (the same configuration as `npm start`,
 * migrations included), runs one command and prints its result. A failure is a message on stderr and exit code 1.
 */
export async function runCommand(
  options: OutputOptions,
  command: (context: INestApplicationContext) => Promise<CommandResult>,
  modules: { flows?: boolean } = {},
): Promise<void> {
  let context: INestApplicationContext;
  try {
    context = await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig(), modules), {
      logger: new StderrLogger(),
      // Nest would otherwise abort the process on a start-up failure, before the message below is written.
      abortOnError: false,
    });
  } catch (error) {
    // Nest hands back no context when its start fails, so the connections opened before the failure (the database,
    // Redis) cannot be closed, and would keep the process alive for good: exit instead.
    reportFailure(error);
    process.exit(1);
  }
  try {
    const result = await command(context);
    process.stdout.write(options.json ? `${JSON.stringify(result.json)}\n` : `${result.human}\n`);
  } catch (error) {
    reportFailure(error);
  } finally {
    await context.close();
  }
}
