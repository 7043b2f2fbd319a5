import { Module } from '@nestjs/common';
import { pino } from 'pino';
import { AppConfig } from '../../config/app-config';
import { type LogDestination, logDestination } from './log-destination';
import { LOG_DESTINATION } from './log-destination.token';
import { requestLogFields } from './request-context';
import { RootLoggerFlusher } from './root-logger.flusher';
import { ROOT_LOGGER } from './root-logger.token';

@Module({
  providers: [
    { provide: LOG_DESTINATION, inject: [AppConfig], useFactory: logDestination },
    {
      provide: ROOT_LOGGER,
      inject: [AppConfig, LOG_DESTINATION],
      useFactory: (config: AppConfig, destination: LogDestination) =>
        pino(
          {
            level: config.LOG_LEVEL,
            mixin: requestLogFields,
            redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
          },
          destination,
        ),
    },
    RootLoggerFlusher,
  ],
  exports: [ROOT_LOGGER],
})
export class RootLoggerModule {}
