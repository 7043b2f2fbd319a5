import { Injectable, NestMiddleware } from '@nestjs/common';
import { urlencoded } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RequestValidationError } from '../common/errors/request-validation.error';

/** A little above WalletResponseDto's longest response, so the DTO names what is too long. */
const FORM_LIMIT = '256kb';

/**
 * Reads the form-encoded body a wallet posts to a flow's response address (OpenID4VP's `direct_post.jwt`), for that
 * route only: the global parser reads JSON alone.
 */
@Injectable()
export class WalletResponseMiddleware implements NestMiddleware {
  private readonly parse: RequestHandler = urlencoded({ extended: false, limit: FORM_LIMIT });

  use(request: Request, response: Response, next: NextFunction): void {
    this.parse(request, response, (error?: unknown) => {
      if (!error) return next();
      const message = error instanceof Error ? error.message : 'The form body cannot be read';
      next(new RequestValidationError([{ code: 'custom', path: [], message }], 'The form cannot be read'));
    });
  }
}
