import cors from 'cors';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * CORS for the calls that need it: a browser sends `Origin` with every cross-origin request and preflight, while an
 * integrator's backend, the API's usual caller, sends none and has no use for the headers. Skipping the cors package
 * for those calls saves work on every one of them. `Vary: Origin` tells caches that the two kinds of answer differ.
 */
export function browserCors(options: cors.CorsOptions): RequestHandler {
  const handle = cors(options);
  return (request: Request, response: Response, next: NextFunction) => {
    response.setHeader('vary', 'Origin');
    if (request.headers.origin === undefined) return next();
    handle(request, response, next);
  };
}
