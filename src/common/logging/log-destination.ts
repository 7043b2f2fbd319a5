import { Logger } from '@nestjs/common';
import { destination, type DestinationStream } from 'pino';
import type { AppConfig } from '../../config/app-config';

/** pino's own destination can write out what it holds at once; pino-pretty's stream has no such call. */
export type LogDestination = DestinationStream & { flushSync?: () => void };

/** Whether lines should be readable rather than JSON: asked for, or a person watching a terminal in development. */
export function wantsPrettyLogs(config: Pick<AppConfig, 'LOG_FORMAT' | 'NODE_ENV'>, terminal: boolean): boolean {
  if (config.LOG_FORMAT !== 'auto') return config.LOG_FORMAT === 'pretty';
  return terminal && config.NODE_ENV !== 'production';
}

/**
 * Where log lines go. JSON lines are written in the background, those logged meanwhile together, so a busy instance
 * makes one write per burst rather than one per request; pino writes out what is left when the process exits. Pretty
 * lines go through pino-pretty, which a production install does not have: JSON it is, then, and a line says why.
 */
export async function logDestination(config: AppConfig): Promise<LogDestination> {
  if (wantsPrettyLogs(config, process.stdout.isTTY === true)) {
    try {
      const { default: pretty } = await import('pino-pretty');
      return pretty({
        colorize: process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
      });
    } catch {
      new Logger('Logging').warn('LOG_FORMAT asks for pretty lines, but pino-pretty is not installed: writing JSON');
    }
  }
  return destination({ dest: 1, sync: false });
}
