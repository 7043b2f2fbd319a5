import { CallHandler, ExecutionContext, HttpException, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, catchError, concatMap, from, map, throwError } from 'rxjs';
import { DomainError } from '../common/errors/domain-error';
import { OperatorAuditService } from '../operators/operator-audit.service';

/** Reads change nothing, so only the other methods are recorded. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The actor of a change made with the admin bearer token. */
export const ADMIN_TOKEN_ACTOR = 'admin-token';

/**
 * Records every change made through the admin API in the operators' audit log once it is answered: the route, the ids
 * it named, who made it and the status it got, refusals included. The body is never recorded: it may carry secrets.
 * The answer waits for the entry, so that a change the caller saw is always in the log.
 */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AdminAuditInterceptor.name);

  constructor(private readonly audit: OperatorAuditService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (READS.has(request.method)) return next.handle();
    const record = (status: number) =>
      from(
        this.audit
          .record({
            actor: ADMIN_TOKEN_ACTOR,
            action: `${request.method} ${(request.route as { path: string }).path}`,
            target: namedIds(request.params),
            status,
          })
          .catch((error: unknown) => this.logger.error({ err: error }, 'An admin change could not be audited')),
      );
    return next.handle().pipe(
      concatMap((value: unknown) => record(http.getResponse<Response>().statusCode).pipe(map(() => value))),
      catchError((error: unknown) => record(statusOf(error)).pipe(concatMap(() => throwError(() => error)))),
    );
  }
}

/** The route's parameters: the ids a change names. A wildcard's segments are joined back into its path. */
function namedIds(params: Request['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]),
  );
}

function statusOf(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  return error instanceof HttpException ? error.getStatus() : 500;
}
