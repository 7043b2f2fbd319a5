import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { CscRefusal } from './errors/csc-refusal.error';

/**
 * Answers the sandbox provider's refusals, and the requests its DTOs refuse, in the CSC API's error shape rather than
 * idflow's envelope: a CSC client reads `error` and `error_description`. What the pipeline refuses before (the media
 * type, the rate limit) keeps the envelope every route answers it with.
 */
@Catch(CscRefusal, RequestValidationError)
export class CscRefusalFilter implements ExceptionFilter {
  catch(exception: CscRefusal | RequestValidationError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof CscRefusal) {
      response.status(exception.status).json({ error: exception.error, error_description: exception.description });
      return;
    }
    response.status(400).json({ error: 'invalid_request', error_description: exception.reason });
  }
}
