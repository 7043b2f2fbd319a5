import { ClientRequest, type IncomingMessage } from 'node:http';
import type { Attributes } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import { loggablePath } from '../common/logging/loggable-path';
import type { Environment } from '../config/setting';

/** Probes answered many times a minute, which would bury every other trace. */
const UNTRACED_PATHS = new Set(['/api/health/live', '/api/health/ready', '/metrics']);

/**
 * Spans leave the process, so they show addresses as the logs do: an incoming request's path without its query string
 * or capability segments, an outgoing call's origin only (a webhook URL may hold the integrator's token). Set again
 * once the request has ended, when the route that took it tells which segments are secret.
 */
function redactedUrl(request: ClientRequest | IncomingMessage): Attributes {
  if (request instanceof ClientRequest) return { 'url.full': `${request.protocol}//${request.host}` };
  const url = request.url ?? '/';
  return { 'url.path': loggablePath(request), ...(url.includes('?') ? { 'url.query': '[redacted]' } : {}) };
}

/**
 * Tracing is off unless the standard variables ask for it: a traces exporter named (`OTEL_TRACES_EXPORTER`, not `none`)
 * or an OTLP endpoint given; `OTEL_SDK_DISABLED=true` wins over both.
 */
export function tracingRequested(env: Environment): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim());
  if (exporters.includes('none')) return false;
  return (
    exporters.some((name) => name !== '') ||
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  );
}

/**
 * Starts OpenTelemetry's Node SDK with the HTTP, Express, pg and ioredis instrumentations, configured by the standard
 * `OTEL_*` variables (exporter, endpoint, protocol, sampler, service name; `idflow` when OTEL_SERVICE_NAME is unset).
 * It must run before Express, pg and ioredis are first loaded, which is why `main.ts` loads the app only after it; the
 * SDK is not even loaded when tracing is off. Only traces: metrics are Prometheus's (`/metrics`), logs are pino's.
 */
export async function startTracing(env: Environment): Promise<NodeSDK | undefined> {
  if (!tracingRequested(env)) return undefined;
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { ExpressInstrumentation, ExpressLayerType },
    { PgInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ? undefined : 'idflow',
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]),
        requestHook: (span, request) => span.setAttributes(redactedUrl(request)),
        applyCustomAttributesOnSpan: (span, request) => span.setAttributes(redactedUrl(request)),
      }),
      // Route handlers only: a span for each middleware would be most of every trace and say nothing.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation(),
      // The command only: its arguments may be a published flow change, with personal data in it.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  return sdk;
}
