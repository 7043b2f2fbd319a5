import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, catchError, concatMap, from, map, throwError } from 'rxjs';
import { DomainError } from '../common/errors/domain-error';
import { AdminChanges, isChange } from './admin-changes';

/**
 * Records every change made through the admin API in the operators' audit log once it is answered, refusals
 * included. The answer waits for the entry, so that a change the caller saw is always in the log.
 */
@Injectable()
export class AdminAuditInterceptor implements NestInterceptor {
  constructor(private readonly changes: AdminChanges) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!isChange(request)) return next.handle();
    const record = (status: number) => from(this.changes.record(request, status));
    return next.handle().pipe(
      concatMap((value: unknown) => record(http.getResponse<Response>().statusCode).pipe(map(() => value))),
      catchError((error: unknown) => record(statusOf(error)).pipe(concatMap(() => throwError(() => error)))),
    );
  }
}

function statusOf(error: unknown): number {
  if (error instanceof DomainError) return error.status;
  return error instanceof HttpException ? error.getStatus() : 500;
}
