import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { RouteMappingSummary } from '../../platform/route-mapping-summary';
import { RootLoggerModule } from './root-logger.module';
import { ROOT_LOGGER } from './root-logger.token';

/**
 * JSON lines through pino, for Nest's own logger and every service's. Each line logged while serving a request carries
 * its `reqId`, and each request gets one line of its own (request-logging.ts). nestjs-pino adapts pino to Nest's logger
 * interface; its per-request middleware is left out, as it makes a child logger for every request. Nest logs through
 * RouteMappingSummary, which counts the routes it maps in one line.
 */
@Module({
  imports: [
    RootLoggerModule,
    LoggerModule.forRootAsync({
      imports: [RootLoggerModule],
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ pinoHttp: { logger }, forRoutes: [] }),
    }),
  ],
  providers: [RouteMappingSummary],
  exports: [RootLoggerModule, RouteMappingSummary],
})
export class LoggingModule {}
