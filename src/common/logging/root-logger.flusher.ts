import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { type Logger, symbols } from 'pino';
import { ROOT_LOGGER } from './root-logger.token';

/**
 * Writes out the lines still buffered when the app has closed: on SIGTERM Nest closes the app and then raises the
 * signal again, which ends the process without the exit event on which pino would flush, losing the shutdown's lines.
 */
@Injectable()
export class RootLoggerFlusher implements OnApplicationShutdown {
  constructor(@Inject(ROOT_LOGGER) private readonly logger: Logger) {}

  onApplicationShutdown(): void {
    const stream = (this.logger as unknown as Record<symbol, { flushSync?: () => void }>)[symbols.streamSym];
    try {
      stream?.flushSync?.();
    } catch {
      // The output is gone (a closed pipe): nothing left to write to.
    }
  }
}
