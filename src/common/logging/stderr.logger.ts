import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Where Nest reports a start that failed; whoever started Nest reports it too, in one line. */
const START_FAILURE_CONTEXT = 'ExceptionHandler';

/**
 * Nest's console logger for when the service's own logger is not (yet) in place: the CLI, and the server's start.
 * Warnings and errors only, on stderr, so that the CLI's stdout carries nothing but the command's output; one line
 * each, without stack traces, which tell an operator nothing they can fix. A failed start is left to the caller to
 * report, rather than printed a second time with Nest's stack.
 */
export class StderrLogger extends ConsoleLogger {
  constructor() {
    super({ logLevels: ['error', 'warn'], colors: Boolean(process.stderr.isTTY) });
  }

  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    if (context === START_FAILURE_CONTEXT) return;
    const lines = messages.map((message) => (message instanceof Error ? message.message : message));
    super.printMessages(lines, context, logLevel, 'stderr');
  }

  protected override printStackTrace(): void {}
}
