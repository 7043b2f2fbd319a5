import type { NestApplicationOptions } from '@nestjs/common';
import cors from 'cors';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ADMIN_SECURITY_SCHEME } from '../admin/admin-only.decorator';
import { CREDENTIAL_HEADERS, CREDENTIAL_SECURITY_SCHEMES, type Credential } from '../auth/credential';
import { UsageMeter } from '../billing/usage.meter';
import { resolveClientIps } from '../common/client-ip/client-ip.middleware';
import { parseJsonBodies } from '../common/http/json-body.middleware';
import { securityHeaders } from '../common/http/security-headers';
import { requestLogging } from '../common/logging/request-logging';
import { ROOT_LOGGER } from '../common/logging/root-logger.token';
import { Metrics } from '../common/metrics/metrics';
import { requestMetrics } from '../common/metrics/request-metrics';
import { RateLimiter } from '../common/throttling/rate-limiter';
import { AppConfig } from '../config/app-config';
import { DEVICE_PROOF_DESCRIPTION, DEVICE_SECURITY_SCHEME } from '../wallet/device-auth.decorator';

/** Builds the OpenAPI document from the controllers' decorators. */
export function buildOpenApiDocument(app: NestExpressApplication) {
  const config = new DocumentBuilder()
    .setTitle('idflow')
    .setDescription(
      'Identity flows by national identification number: identification, signing and document signing. ' +
        'Every JSON answer is wrapped in the envelope `{ status, reason, version, data, cost? }`; failures have ' +
        '`status: "failed"` and, for validation, Zod-style `errors`. 100 requests a minute per client IP.',
    )
    .setVersion('2')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN of the operator' },
      ADMIN_SECURITY_SCHEME,
    );
  for (const credential of Object.keys(CREDENTIAL_HEADERS) as Credential[]) {
    const { name, description } = CREDENTIAL_SECURITY_SCHEMES[credential];
    config.addApiKey({ type: 'apiKey', in: 'header', name: CREDENTIAL_HEADERS[credential], description }, name);
  }
  config.addApiKey(
    { type: 'apiKey', in: 'header', name: 'authorization', description: DEVICE_PROOF_DESCRIPTION },
    DEVICE_SECURITY_SCHEME,
  );
  const document = SwaggerModule.createDocument(app, config.build());
  // The admin token is the operator's own string, not a JWT, whatever Nest's bearer default says.
  delete (document.components?.securitySchemes?.[ADMIN_SECURITY_SCHEME] as { bearerFormat?: string }).bearerFormat;
  return document;
}

/** The API routes of spec section 4, and the JWKS a browser may verify receipts with. */
const CORS_PATHS = ['/api', '/.well-known'];

/** How `main.ts` and every e2e test create the app: JSON bodies are parsed by our own middleware (see below). */
export const NEST_APP_OPTIONS: NestApplicationOptions = { bufferLogs: true, bodyParser: false };

/** What `main.ts` and every e2e test do to a freshly created app, so that tests exercise the production setup. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  // First, so that every request is logged and every line logged while serving it names it.
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  app.use(requestMetrics(app.get(Metrics)));
  // Before anything may answer, so that refusals carry them too.
  app.use(securityHeaders(CORS_PATHS));
  // Next, so that every answer is metered, those to bodies the parser refuses included.
  app.use(app.get(UsageMeter).middleware());
  app.use(resolveClientIps(app.get(AppConfig).TRUSTED_PROXIES));
  // The integrator API and the public keys only (before the rate limit and the body parser, so
  // that a browser can read their refusals too): admin, Wallet API and hosted pages are never called across origins.
  app.use(CORS_PATHS, cors({ exposedHeaders: [CREDENTIAL_HEADERS.token, 'x-request-id', 'retry-after'] }));
  // Before the body is read and before routing, so that no request escapes the limit.
  app.use(app.get(RateLimiter).middleware());
  app.use(parseJsonBodies());
  app.disable('x-powered-by');
  // Every answer is computed afresh, so an ETag would only cost a hash of each body.
  app.set('etag', false);
  app.enableShutdownHooks();
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'idflow API',
  });
}
