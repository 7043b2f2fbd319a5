import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { LATENCY_BUCKETS, type Metrics } from './metrics';

/** The label of requests no route took: unknown paths, and those refused before routing (rate limit, body parser). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answer by method, route template (`/api/v2/documents/:documentId`, never the path itself, which holds ids
 * and capabilities) and status. The histogram's `_count` is the request count. An event stream is observed when it
 * ends, so streams are best read apart from the other routes.
 */
export function requestMetrics(metrics: Metrics): RequestHandler {
  const duration = metrics.histogram({
    name: 'idflow_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('close', () => {
      const route = (request.route as { path?: unknown } | undefined)?.path;
      duration.observe(
        {
          method: request.method,
          route: typeof route === 'string' ? route : UNMATCHED_ROUTE,
          status: String(response.statusCode),
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
