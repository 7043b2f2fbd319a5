import { Module } from '@nestjs/common';
import { pino } from 'pino';
import { AppConfig } from '../../config/app-config';
import { logDestination } from './log-destination';
import { requestLogFields } from './request-context';
import { RootLoggerFlusher } from './root-logger.flusher';
import { ROOT_LOGGER } from './root-logger.token';

@Module({
  providers: [
    {
      provide: ROOT_LOGGER,
      inject: [AppConfig],
      useFactory: async (config: AppConfig) =>
        pino(
          {
            level: config.LOG_LEVEL,
            mixin: requestLogFields,
            redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
          },
          await logDestination(config),
        ),
    },
    RootLoggerFlusher,
  ],
  exports: [ROOT_LOGGER],
})
export class RootLoggerModule {}
