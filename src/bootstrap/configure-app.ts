import { SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { UsageMeter } from '../billing/usage.meter';
import { UnroutedRequestLimit } from '../common/throttling/unrouted-request-limit';
import { RouteMappingSummary } from '../platform/route-mapping-summary';
import { INTERACTION_PATH, OIDC_PATH, OidcProviderService } from '../oidc/oidc-provider.service';
import { buildOpenApiDocument } from './openapi-document';
import { usePipelineHead, usePipelineTail } from './pipeline-options';

/** Where SwaggerModule serves the API: its UI, and the document as JSON and YAML. */
const API_DOCUMENT_PATHS = ['/docs', '/docs-json', '/docs-yaml'];

/** What `main.ts` and every e2e test do to a freshly created app, so that tests exercise the production setup. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(RouteMappingSummary));
  usePipelineHead(app, app.get(UsageMeter).middleware());
  // Routes are counted by the throttler's guard; what Express serves beside them is counted here, in the same windows:
  // the API document, and the OpenID provider's own paths (its login pages below INTERACTION_PATH are Nest routes).
  const countBesideRoutes = app.get(UnroutedRequestLimit).middleware();
  app.use(API_DOCUMENT_PATHS, countBesideRoutes);
  app.use(OIDC_PATH, (request: Request, response: Response, next: NextFunction) =>
    request.path.startsWith(`${INTERACTION_PATH}/`) ? next() : countBesideRoutes(request, response, next),
  );
  // The OpenID provider reads its own form bodies, and answers its own errors in the shape OAuth clients expect.
  app.use(OIDC_PATH, app.get(OidcProviderService).middleware());
  usePipelineTail(app);
  app.enableShutdownHooks();
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'idflow API',
  });
}
