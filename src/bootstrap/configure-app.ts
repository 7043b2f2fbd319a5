import { SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { UsageMeter } from '../billing/usage.meter';
import { RouteMappingSummary } from '../platform/route-mapping-summary';
import { OIDC_PATH } from '../common/http/oidc-issuer';
import { OidcProviderService } from '../oidc/oidc-provider.service';
import { buildOpenApiDocument } from './openapi-document';
import { usePipelineHead, usePipelineTail } from './pipeline-options';

/** What `main.ts` and every e2e test do to a freshly created app, so that tests exercise the production setup. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(RouteMappingSummary));
  usePipelineHead(app, app.get(UsageMeter).middleware());
  // The OpenID provider reads its own form bodies, and answers its own errors in the shape OAuth clients expect.
  app.use(OIDC_PATH, app.get(OidcProviderService).middleware());
  usePipelineTail(app);
  app.enableShutdownHooks();
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'idflow API',
  });
}
