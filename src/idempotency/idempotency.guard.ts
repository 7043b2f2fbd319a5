import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { principalOf } from '../auth/auth-options.reader';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { sha256Hex } from '../common/crypto/digest';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { headerValue } from '../common/http/header-value';
import { IdempotencyStore } from './idempotency.store';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
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
 * `Idempotent-Replayed: true` and does nothing, billing included (this guard runs before the billing pre-check). A
 * failed first request frees the key. Keys are scoped per app and held in the database, so every instance agrees.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  private readonly logger = new Logger(IdempotencyGuard.name);

  constructor(private readonly store: IdempotencyStore) {}

  /** Synchronous for a call without a key: Nest then waits on no promise for this guard. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const key = headerValue(request, IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return true;
    if (key.length > MAX_KEY_LENGTH) throw invalidKey(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
    if (!KEY_SHAPE.test(key)) throw invalidKey('Idempotency-Key must be printable ASCII text');
    return this.claim(key, request, http.getResponse<Response>());
  }

  /** Claims the key for this call: false when an earlier call's answer was replayed instead. */
  private async claim(key: string, request: Request, response: Response): Promise<boolean> {
    const fingerprint = sha256Hex(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`);
    const claim = await this.store.claim({ appId: principalOf(request).app.id, key, fingerprint });
    if (claim.kind === 'replay') {
      response.status(claim.statusCode).set(claim.headers).setHeader(REPLAYED_HEADER, 'true').type('json');
      response.send(claim.body);
      // The answer is sent: Nest's refusal that follows ends at the exception filter, which leaves sent answers alone.
      return false;
    }
    this.keepAnswer(response, claim.keyDigest);
    return true;
  }

  /**
   * Stores a success before it is sent, so that a repeat the client makes the moment it reads the answer finds it; a
   * failure, or a client gone before its answer, frees the key. The answer is caught where it ends, the one call every
   * answer makes, whether Express's `send` or the service's own JSON writer wrote it.
   */
  private keepAnswer(response: Response, keyDigest: string): void {
    let settled = false;
    const settle = (work: Promise<void>) => {
      settled = true;
      return work.catch((error: unknown) => this.logger.error({ err: error }, 'Could not settle an idempotency key'));
    };
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.end = ((...args: unknown[]) => {
      if (settled) return end(...args);
      const [chunk] = args;
      const body = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : chunk;
      const succeeded = response.statusCode < 300 && typeof body === 'string';
      void settle(
        succeeded
          ? this.store.answer(keyDigest, { statusCode: response.statusCode, body, headers: replayedHeaders(response) })
          : this.store.release(keyDigest),
      ).then(() => end(...args));
      return response;
    }) as Response['end'];
    response.once('close', () => {
      if (!settled) void settle(this.store.release(keyDigest));
    });
  }
}
