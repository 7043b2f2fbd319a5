import { Injectable, NestMiddleware } from '@nestjs/common';
import { raw } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** An OCSP request names a few certificates: far below this. */
const MAX_OCSP_REQUEST_BYTES = 8 * 1024;

/**
 * Reads an `application/ocsp-request` body (RFC 6960 A.1) for the seal CA's OCSP responder only: the global parser
 * reads JSON alone. The bytes are left as `request.body`, a Buffer, for the responder to parse.
 */
@Injectable()
export class OcspRequestMiddleware implements NestMiddleware {
  private readonly parse: RequestHandler = raw({ type: 'application/ocsp-request', limit: MAX_OCSP_REQUEST_BYTES });

  use(request: Request, response: Response, next: NextFunction): void {
    this.parse(request, response, next);
  }
}
