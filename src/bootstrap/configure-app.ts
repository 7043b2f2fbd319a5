import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { CREDENTIAL_HEADERS } from '../auth/credential';

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
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** What `main.ts` and every e2e test do to a freshly created app, so that tests exercise the production setup. */
export function configureApp(app: NestExpressApplication): void {
  app.useLogger(app.get(Logger));
  app.enableCors({
    exposedHeaders: [CREDENTIAL_HEADERS.token, 'x-request-id', 'retry-after'],
  });
  app.disable('x-powered-by');
  app.enableShutdownHooks();
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'idflow API',
  });
}
