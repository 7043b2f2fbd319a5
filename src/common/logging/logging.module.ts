import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config';
import { loggablePath } from './loggable-path';
import { assignRequestId } from './request-id';

/**
 * JSON lines through pino. Each line logged while serving a request carries its `reqId`. Requests are logged by method,
 * path and status only: no headers (credentials), no query string, no link codes, no bodies (claim values, payloads).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          genReqId: assignRequestId,
          quietReqLogger: true,
          customLogLevel: (_request, response, error) =>
            error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
          serializers: {
            req: (request: { id: string; method: string; url: string }) => ({
              id: request.id,
              method: request.method,
              path: loggablePath(request.url),
            }),
            res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
          },
          redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
