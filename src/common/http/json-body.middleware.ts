import { json } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { PayloadTooLargeError } from '../errors/payload-too-large.error';
import { RequestValidationError } from '../errors/request-validation.error';

export const JSON_BODY_LIMIT = '256kb';

class UnreadableBodyError extends DomainError {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** body-parser marks its errors with a `type`; each becomes the domain error the exception filter knows. */
function toDomainError(error: { type?: string; status?: number; message?: string }): DomainError {
  if (error.type === 'entity.parse.failed') {
    return new RequestValidationError([
      { code: 'invalid_json', path: [], message: 'The request body is not valid JSON' },
    ]);
  }
  if (error.type === 'entity.too.large') return new PayloadTooLargeError(JSON_BODY_LIMIT);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 400;
  return new UnreadableBodyError(status, error.message ?? 'The request body cannot be read');
}

/**
 * Parses JSON bodies, turning parser failures into domain errors before Nest sees them: Nest would otherwise reduce a
 * malformed body to a bare BadRequestException carrying only JSON.parse's message.
 */
export function parseJsonBodies(): RequestHandler {
  const parse = json({ limit: JSON_BODY_LIMIT });
  return (request: Request, response: Response, next: NextFunction) =>
    parse(request, response, (error?: unknown) => next(error ? toDomainError(error) : undefined));
}
