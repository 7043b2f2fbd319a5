import { Injectable, NestMiddleware } from '@nestjs/common';
import { raw } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { DomainError } from '../common/errors/domain-error';
import { PayloadTooLargeError } from '../common/errors/payload-too-large.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { AppConfig } from '../config/app-config';

/**
 * Reads an `application/pdf` body of at most MAX_FILE_BYTES, for `POST /verify` only: the global parser reads JSON
 * alone. The bytes go to `request.uploadedPdf` rather than `request.body`, so the validation pipe, which checks the
 * body against the JSON form's DTO, never sees a Buffer.
 */
@Injectable()
export class PdfUploadMiddleware implements NestMiddleware {
  private readonly parse: RequestHandler;

  constructor(private readonly config: AppConfig) {
    this.parse = raw({ type: 'application/pdf', limit: config.MAX_FILE_BYTES });
  }

  use(request: Request, response: Response, next: NextFunction): void {
    this.parse(request, response, (error?: unknown) => {
      if (error) return next(this.toDomainError(error));
      if (Buffer.isBuffer(request.body)) {
        request.uploadedPdf = request.body;
        request.body = undefined;
      }
      next();
    });
  }

  /** body-parser marks its errors with a `type`; each becomes a failed envelope instead of Nest's bare 400. */
  private toDomainError(error: { type?: string; message?: string }): DomainError {
    if (error.type === 'entity.too.large') {
      return new PayloadTooLargeError(`MAX_FILE_BYTES (${this.config.MAX_FILE_BYTES} bytes)`);
    }
    return new RequestValidationError(
      [{ code: 'custom', path: [], message: `The uploaded file cannot be read: ${error.message ?? 'unknown error'}` }],
      'The file could not be used',
    );
  }
}
