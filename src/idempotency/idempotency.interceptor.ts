import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { type Observable, catchError, finalize, from, mergeMap, of, throwError } from 'rxjs';
import { principalOf } from '../auth/auth-options.reader';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { sha256Hex } from '../common/crypto/digest';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { headerValue } from '../common/http/header-value';
import { routeMetadata } from '../common/routing/route-metadata';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_ROUTE, REPLAYED_HEADER } from './idempotent-route';
import { IdempotencyStore, type StoredAnswer } from './idempotency.store';

const MAX_KEY_LENGTH = 255;
/** Printable ASCII: what a header carries intact through every proxy. */
const KEY_SHAPE = /^[\x20-\x7e]+$/;

/** Headers of an answer that a replay repeats: those a client reads besides the body. */
const REPLAYED_ANSWER_HEADERS = [CREDENTIAL_HEADERS.token];

function replayedHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_ANSWER_HEADERS) {
    const value = response.getHeader(name);
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const invalidKey = (message: string) =>
  new RequestValidationError([{ code: 'invalid_string', path: ['Idempotency-Key'], message }]);

/**
 * `Idempotency-Key` on creates and cancel (IETF httpapi draft): the first request with a key claims it and, when it
 * succeeds, leaves its answer; a repeat with the same method, path and body within 24 hours gets that answer again with
 * `Idempotent-Replayed: true` and does nothing. A failed first request frees the key. Keys are scoped per app and held
 * in the database, so every instance agrees. Global and listed before the envelope's interceptor, so that it keeps the
 * answer as sent, envelope and cost included; billing charges inside it (`@Auth`'s BillingInterceptor), so that a
 * replay costs nothing.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger(IdempotencyInterceptor.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly store: IdempotencyStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http' || !routeMetadata<boolean>(this.reflector, IDEMPOTENT_ROUTE, context)) {
      return next.handle();
    }
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const key = headerValue(request, IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next.handle();
    if (key.length > MAX_KEY_LENGTH) throw invalidKey(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
    if (!KEY_SHAPE.test(key)) throw invalidKey('Idempotency-Key must be printable ASCII text');
    const response = http.getResponse<Response>();
    const fingerprint = sha256Hex(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`);
    return from(this.store.claim({ appId: principalOf(request).app.id, key, fingerprint })).pipe(
      mergeMap((claim) =>
        claim.kind === 'replay' ? of(replay(claim, response)) : this.answerOnce(claim.keyDigest, response, next),
      ),
    );
  }

  /**
   * Stores a success before it is sent, so that a repeat the client makes the moment it reads the answer finds it; a
   * failure, or a request given up before its answer, frees the key.
   */
  private answerOnce(keyDigest: string, response: Response, next: CallHandler): Observable<unknown> {
    let settled = false;
    const settle = async (work: Promise<void>) => {
      settled = true;
      await work.catch((error: unknown) => this.logger.error({ err: error }, 'Could not settle an idempotency key'));
    };
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        const body = JSON.stringify(answer) as string | undefined;
        await settle(
          body === undefined
            ? this.store.release(keyDigest)
            : this.store.answer(keyDigest, {
                statusCode: response.statusCode,
                body,
                headers: replayedHeaders(response),
              }),
        );
        return answer;
      }),
      catchError((error: unknown) =>
        from(settle(this.store.release(keyDigest))).pipe(mergeMap(() => throwError(() => error))),
      ),
      finalize(() => {
        if (!settled) void settle(this.store.release(keyDigest));
      }),
    );
  }
}

/** The first request's answer again: its status and headers set here, its body sent as Nest sends any JSON answer. */
function replay(answer: StoredAnswer, response: Response): unknown {
  response.status(answer.statusCode).set(answer.headers).setHeader(REPLAYED_HEADER, 'true');
  return JSON.parse(answer.body) as unknown;
}
