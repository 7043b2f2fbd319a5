import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { PayloadTooLargeError } from '../errors/payload-too-large.error';
import { RequestValidationError } from '../errors/request-validation.error';
import { MAX_JSON_DEPTH, illFormedStringPath, nestsDeeperThan } from './json-shape';

export const JSON_BODY_LIMIT = '256kb';

class UnreadableBodyError extends DomainError {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const TOO_DEEP = 'entity.too.deep';

/** Runs on the raw bytes before they are parsed, so a deeply nested body never reaches the parser or the validators. */
function refuseDeepNesting(_request: unknown, _response: unknown, body: Buffer): void {
  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) throw Object.assign(new Error('too deep'), { type: TOO_DEEP });
}

function illFormedStringError(path: Array<string | number>): RequestValidationError {
  return new RequestValidationError([
    { code: 'invalid_string', path, message: 'Text must be well-formed Unicode (it holds a lone surrogate)' },
  ]);
}

/** body-parser marks its errors with a `type`; each becomes the domain error the exception filter knows. */
function toDomainError(error: { type?: string; status?: number; message?: string }): DomainError {
  if (error.type === 'entity.parse.failed') {
    return new RequestValidationError([
      { code: 'invalid_json', path: [], message: 'The request body is not valid JSON' },
    ]);
  }
  if (error.type === TOO_DEEP) {
    return new RequestValidationError([
      { code: 'invalid_json', path: [], message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  if (error.type === 'entity.too.large') return new PayloadTooLargeError(JSON_BODY_LIMIT);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  return new UnreadableBodyError(status, error.message ?? 'The request body cannot be read');
}

/**
 * Whether the request carries a body at all (RFC 9112 section 6.3: a Transfer-Encoding, or a Content-Length, zero
 * included), by the rule body-parser itself applies before reading.
 */
const carriesBody = (request: Request) =>
  request.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(request.headers['content-length']));

/**
 * Parses JSON bodies, turning parser failures into domain errors before Nest sees them: Nest would otherwise reduce a
 * malformed body to a bare BadRequestException carrying only JSON.parse's message. Bodies nested too deep (they would
 * overflow the stack of the validators) and text with lone surrogates (validators and encoders throw on it) are
 * refused here, for every route at once. A request without a body (most GETs) goes straight on: the parser would only
 * find out the same after setting up to read it.
 */
export function parseJsonBodies(): RequestHandler {
  const parse = json({ limit: JSON_BODY_LIMIT, verify: refuseDeepNesting });
  return (request: Request, response: Response, next: NextFunction) => {
    if (!carriesBody(request)) return next();
    parse(request, response, (error?: unknown) => {
      if (error) return next(toDomainError(error));
      const illFormed = illFormedStringPath(request.body);
      next(illFormed ? illFormedStringError(illFormed) : undefined);
    });
  };
}
