import { Injectable, type LoggerService } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** The contexts of the line Nest logs for each controller and for each route path as it maps them. */
const CONTROLLER_CONTEXT = 'RoutesResolver';
const ROUTE_CONTEXT = 'RouterExplorer';

type Level = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';

/**
 * The service's logger for Nest, less the line Nest logs for each controller and each route path it maps: one line
 * counts them instead, logged before the next line of any other kind (Nest's "application successfully started").
 * A production start logged 212 lines, 144 of them mappings (107 route paths, 37 controllers), which buried the few
 * that tell an operator something (where it listens, a warning); the routes are listed at /docs. Everything else Nest
 * logs passes through unchanged, in order: Nest buffers its start's lines and hands them over at once.
 */
@Injectable()
export class RouteMappingSummary implements LoggerService {
  private routes = 0;
  private controllers = 0;

  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    // Nest's own loggers pass their context last.
    const context = optionalParams.at(-1);
    if (context === ROUTE_CONTEXT) this.routes += 1;
    else if (context === CONTROLLER_CONTEXT) this.controllers += 1;
    else this.pass('log', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.pass('error', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.pass('warn', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.pass('debug', message, optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.pass('verbose', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.pass('fatal', message, optionalParams);
  }

  private pass(level: Level, message: unknown, optionalParams: unknown[]): void {
    if (this.routes > 0 || this.controllers > 0) {
      this.logger.log(`Mapped routes: ${this.routes}, in controllers: ${this.controllers}`, CONTROLLER_CONTEXT);
      this.routes = 0;
      this.controllers = 0;
    }
    this.logger[level](message, ...optionalParams);
  }
}
