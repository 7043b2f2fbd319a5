import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Histogram } from 'prom-client';
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
  // One series per method, route and status, looked up by one string rather than by prom-client hashing labels.
  const series = new Map<string, Histogram.Internal<string>>();
  const seriesOf = (method: string, route: string, status: number): Histogram.Internal<string> => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      found = duration.labels({ method, route, status: String(status) });
      series.set(key, found);
    }
    return found;
  };
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    // An answer closes once: `on` spares the wrapper `once` would make for every request.
    response.on('close', () => {
      const route = (request.route as { path?: unknown } | undefined)?.path;
      const template = typeof route === 'string' ? route : UNMATCHED_ROUTE;
      seriesOf(request.method, template, response.statusCode).observe((performance.now() - started) / 1000);
    });
    next();
  };
}
