import type { NestApplicationOptions } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { UsageMeter } from '../billing/usage.meter';
import { clientIpSource } from '../common/client-ip/client-ip';
import { resolveClientIps } from '../common/client-ip/client-ip.middleware';
import { browserCors } from '../common/http/browser-cors';
import { parseJsonBodies } from '../common/http/json-body.middleware';
import { securityHeaders } from '../common/http/security-headers';
import { requestLogging } from '../common/logging/request-logging';
import { ROOT_LOGGER } from '../common/logging/root-logger.token';
import { Metrics } from '../common/metrics/metrics';
import { requestMetrics } from '../common/metrics/request-metrics';
import { UnroutedRequestLimit } from '../common/throttling/unrouted-request-limit';
import { AppConfig } from '../config/app-config';
import { RouteMappingSummary } from '../platform/route-mapping-summary';
import { OIDC_PATH } from '../common/http/oidc-issuer';
import { INTERACTION_PATH, OidcProviderService } from '../oidc/oidc-provider.service';
import { buildOpenApiDocument } from './openapi-document';

/** The API routes of spec section 4, and the JWKS a browser may verify receipts with. */
const CORS_PATHS = ['/api', '/.well-known'];

/** Where SwaggerModule serves the API: its UI, and the document as JSON and YAML. */
const API_DOCUMENT_PATHS = ['/docs', '/docs-json', '/docs-yaml'];

/** How `main.ts` and every e2e test create the app: JSON bodies are parsed by our own middleware (see below). */
export const NEST_APP_OPTIONS: NestApplicationOptions = { bufferLogs: true, bodyParser: false };

/** What `main.ts` and every e2e test do to a freshly created app, so that tests exercise the production setup. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(RouteMappingSummary));
  // First, so that every request is logged and every line logged while serving it names it.
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  app.use(requestMetrics(app.get(Metrics)));
  // Before anything may answer, so that refusals carry them too.
  app.use(...securityHeaders(CORS_PATHS));
  // Next, so that every answer is metered, those to bodies the parser refuses included.
  app.use(app.get(UsageMeter).middleware());
  const config = app.get(AppConfig);
  app.use(resolveClientIps(clientIpSource(config.TRUSTED_PROXIES, config.CLIENT_IP_HEADERS)));
  // The integrator API and the public keys only (before the rate limit and the body parser, so that a browser can read
  // their refusals too): admin, Wallet API and hosted pages are never called across origins.
  app.use(CORS_PATHS, browserCors({ exposedHeaders: [CREDENTIAL_HEADERS.token, 'x-request-id', 'retry-after'] }));
  // Routes are counted by the throttler's guard; what Express serves beside them is counted here, in the same windows:
  // the API document, and the OpenID provider's own paths (its login pages below INTERACTION_PATH are Nest routes).
  const countBesideRoutes = app.get(UnroutedRequestLimit).middleware();
  app.use(API_DOCUMENT_PATHS, countBesideRoutes);
  app.use(OIDC_PATH, (request: Request, response: Response, next: NextFunction) =>
    request.path.startsWith(`${INTERACTION_PATH}/`) ? next() : countBesideRoutes(request, response, next),
  );
  // The OpenID provider reads its own form bodies, and answers its own errors in the shape OAuth clients expect.
  app.use(OIDC_PATH, app.get(OidcProviderService).middleware());
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
