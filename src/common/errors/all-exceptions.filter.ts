import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Envelope, apiVersionOf } from '../envelope/envelope';
import { REQUEST_ID_HEADER, assignRequestId } from '../logging/request-id';
import { Metrics } from '../metrics/metrics';
import { DomainError } from './domain-error';
import { MethodNotAllowedError } from './method-not-allowed.error';
import { RouteTable } from '../routing/route-table';
import { isUnavailableDependency } from './unavailable-dependency';
import { DependencyUnavailableError } from './dependency-unavailable.error';
import type { ValidationIssue } from './validation-issue';

interface Failure {
  status: number;
  reason: string;
  errors?: ValidationIssue[];
  data?: object;
}

/**
 * Nest's answer to a request no route took, told by Express's `req.route` (set once a route matches) rather than by the
 * wording of Nest's message.
 */
const isUnrouted = (exception: unknown, request: Request): boolean =>
  exception instanceof NotFoundException && request.route === undefined;

function httpFailure(exception: HttpException, request: Request): Failure {
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (isUnrouted(exception, request)) return { status, reason: 'No such route' };
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  if (Array.isArray(message)) return { status, reason: message.join('; ') };
  return { status, reason: typeof message === 'string' ? message : exception.message };
}

/**
 * The one place an error becomes an answer: the failed envelope for everything, except the rate limit's refusal
 * (RateLimit counted the request before anything else ran), which the spec answers in plain text. A server the request
 * needed that does not answer (PostgreSQL restarting) makes a 503 to retry; other unexpected errors become a generic
 * 500. Both name the request id, and are logged in full.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private readonly rateLimitRefusals;

  constructor(
    metrics: Metrics,
    private readonly routes: RouteTable,
  ) {
    this.rateLimitRefusals = metrics.counter({
      name: 'idflow_rate_limit_refusals_total',
      help: 'Requests refused with 429 because their client was over the limit a minute',
    });
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    this.answer(exception, request, response);
  }

  private answer(exception: unknown, request: Request, response: Response): void {
    // Failures raised before the logging middleware ran (body parsing) have no request id yet.
    const requestId = String(response.getHeader(REQUEST_ID_HEADER) ?? assignRequestId(request, response));
    if (exception instanceof ThrottlerException) {
      this.rateLimitRefusals.inc();
      const retryAfter = response.getHeader('retry-after') ?? '60';
      response
        .status(429)
        .type('text/plain')
        .send(`Too many requests: retry after ${String(retryAfter)} seconds`);
      return;
    }
    // A known path asked with another method: 405 and Allow (RFC 9110 15.5.6), and OPTIONS answered with the list.
    const allow = isUnrouted(exception, request) ? this.routes.allowAt(request.path) : undefined;
    if (allow && request.method === 'OPTIONS') {
      response.status(204).set('allow', allow).end();
      return;
    }
    const failing = allow
      ? new MethodNotAllowedError(request.method, allow)
      : this.unavailableAsRetry(exception, requestId);
    const failure = this.toFailure(failing, request, requestId);
    if (failing instanceof DomainError && failing.headers) response.set(failing.headers);
    const body: Envelope = {
      status: 'failed',
      reason: failure.reason,
      version: apiVersionOf(request.path),
      ...(failure.data ? { data: failure.data } : {}),
      ...(failure.errors ? { errors: failure.errors } : {}),
    };
    response.status(failure.status).json(body);
  }

  /** A server the request needed that is not answering makes a DependencyUnavailableError (503, Retry-After). */
  private unavailableAsRetry(exception: unknown, errorId: string): unknown {
    if (!isUnavailableDependency(exception)) return exception;
    this.logger.warn({ err: exception, errorId }, 'A server the request needed is not answering');
    return new DependencyUnavailableError(errorId);
  }

  private toFailure(exception: unknown, request: Request, errorId: string): Failure {
    if (exception instanceof DomainError) {
      return { status: exception.status, reason: exception.reason, errors: exception.issues, data: exception.data };
    }
    if (exception instanceof HttpException) return httpFailure(exception, request);
    this.logger.error({ err: exception, errorId }, 'Unhandled error');
    return { status: 500, reason: `Internal error; quote error id ${errorId} when reporting it` };
  }
}
