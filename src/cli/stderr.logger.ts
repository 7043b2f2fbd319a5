import { ConsoleLogger, LogLevel } from '@nestjs/common';

/** Nest's console logger on stderr only, so that the CLI's stdout carries nothing but the command's output. */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}
