import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { SPAN_ATTRIBUTES, annotateRequestSpan } from '../tracing/request-span';
import { loggablePath } from './loggable-path';
import { requestContext } from './request-context';
import { assignRequestId } from './request-id';

const levelOf = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/**
 * One line per request, when its answer has been sent: method, path (no query string, no secret segments), status and
 * time taken; never headers or bodies. The request runs in a context that tags every line logged meanwhile with its
 * id. A line is built only at the end and only when its level is enabled: nothing is allocated per request for lines
 * that would not be written.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const startedAt = Date.now();
    const reqId = assignRequestId(request, response);
    annotateRequestSpan({ [SPAN_ATTRIBUTES.requestId]: reqId });
    const log = (message: string, status: number, level: 'info' | 'warn' | 'error') => {
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId,
          req: { id: reqId, method: request.method, path: loggablePath(request) },
          res: { statusCode: status },
          responseTime: Date.now() - startedAt,
        },
        message,
      );
    };
    // An answer closes just after it finishes, and an abandoned one only closes: one listener tells both apart. It
    // closes once, so `on` spares the wrapper `once` would make for every request.
    response.on('close', () => {
      if (response.writableFinished) log('request completed', response.statusCode, levelOf(response.statusCode));
      else log('request aborted', response.statusCode, 'warn');
    });
    requestContext.run({ reqId }, next);
  };
}
