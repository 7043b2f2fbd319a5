import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { LogDestination } from './log-destination';
import { LOG_DESTINATION } from './log-destination.token';

/**
 * Writes out the lines still buffered when the app has closed: on SIGTERM Nest closes the app and then raises the
 * signal again, which ends the process without the exit event on which pino would flush, losing the shutdown's lines.
 * pino's own `logger.flush()` would not do: it waits for the write under way, and the process ends first.
 */
@Injectable()
export class RootLoggerFlusher implements OnApplicationShutdown {
  constructor(@Inject(LOG_DESTINATION) private readonly destination: LogDestination) {}

  onApplicationShutdown(): void {
    try {
      this.destination.flushSync?.();
    } catch {
      // The output is gone (a closed pipe): nothing left to write to.
    }
  }
}
