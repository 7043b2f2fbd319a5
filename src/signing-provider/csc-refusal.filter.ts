import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { CscRefusal } from './errors/csc-refusal.error';

/**
 * Answers the sandbox provider's refusals, and requests its DTOs refuse, in the CSC API's error shape rather than
 * idflow's envelope: a CSC client reads `error` and `error_description`.
 */
@Catch(CscRefusal, DomainError)
export class CscRefusalFilter implements ExceptionFilter {
  catch(exception: CscRefusal | DomainError, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof CscRefusal) {
      response.status(exception.status).json({ error: exception.error, error_description: exception.description });
      return;
    }
    const error = exception.status < 500 ? 'invalid_request' : 'temporarily_unavailable';
    response.status(exception.status).json({ error, error_description: exception.reason });
  }
}
