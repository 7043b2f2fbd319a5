import { Module } from '@nestjs/common';
import { destination, pino } from 'pino';
import { AppConfig } from '../../config/app-config';
import { requestLogFields } from './request-context';

import { RootLoggerFlusher } from './root-logger.flusher';
import { ROOT_LOGGER } from './root-logger.token';

@Module({
  providers: [
    {
      provide: ROOT_LOGGER,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        pino(
          {
            level: config.LOG_LEVEL,
            mixin: requestLogFields,
            redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
          },
          // Lines are written in the background, those logged meanwhile together, so a busy instance makes one write per
          // burst rather than one per request; pino writes out what is left when the process exits.
          destination({ dest: 1, sync: false }),
        ),
    },
    RootLoggerFlusher,
  ],
  exports: [ROOT_LOGGER],
})
export class RootLoggerModule {}
