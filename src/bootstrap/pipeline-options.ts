import {
  type DynamicModule,
  type NestApplicationOptions,
  type Provider,
  type Type,
  ValidationPipe,
} from '@nestjs/common';
import { APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { RequestHandler } from 'express';
import { CREDENTIAL_HEADERS } from '../auth/credential';
import { clientIpSource } from '../common/client-ip/client-ip';
import { resolveClientIps } from '../common/client-ip/client-ip.middleware';
import { EnvelopeInterceptor } from '../common/envelope/envelope.interceptor';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { toValidationIssues } from '../common/errors/to-validation-issues';
import { browserCors } from '../common/http/browser-cors';
import { parseJsonBodies } from '../common/http/json-body.middleware';
import { securityHeaders } from '../common/http/security-headers';
import { LoggingModule } from '../common/logging/logging.module';
import { requestLogging } from '../common/logging/request-logging';
import { ROOT_LOGGER } from '../common/logging/root-logger.token';
import { Metrics } from '../common/metrics/metrics';
import { MetricsModule } from '../common/metrics/metrics.module';
import { requestMetrics } from '../common/metrics/request-metrics';
import { RateLimit } from '../common/throttling/rate-limit';
import { ThrottlingModule } from '../common/throttling/throttling.module';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { RedisModule } from '../redis/redis.module';
import { cacheValidationMetadata } from '../platform/validation-metadata-cache';

/*
 * The request pipeline every idflow request passes, written once for AppModule and configureApp and for the benchmarks'
 * pipeline-Nest app (bench/support/pipeline-nest.app.ts), so that the baseline idflow is measured against cannot drift
 * from what idflow ships: the same logger, metrics, helmet, CORS, client address, rate limit, body parser,
 * ValidationPipe and envelope, with the same options.
 */

/** How `main.ts` and every e2e test create the app: JSON bodies are parsed by the pipeline's own middleware. */
export const NEST_APP_OPTIONS: NestApplicationOptions = { bufferLogs: true, bodyParser: false };

/** Where answers are JSON and event streams for programs, never a document a browser renders. */
export const API_PATHS = ['/api'];
/** The API routes of spec section 4, and the JWKS a browser may verify receipts with. */
export const CORS_PATHS = [...API_PATHS, '/.well-known'];

/** The modules the pipeline's pieces come from. */
export function pipelineModules(config: AppConfig): Array<DynamicModule | Type> {
  return [ConfigModule.forRoot(config), LoggingModule, MetricsModule, RedisModule, ThrottlingModule];
}

/**
 * The pipeline's global pieces around a route's handler: the ValidationPipe (with class-validator's look-up of a
 * class's rules cached, a departure measured in src/platform/validation-metadata-cache.ts), and the envelope around
 * JSON answers.
 */
export function pipelineProviders(): Provider[] {
  cacheValidationMetadata();
  return [
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    {
      provide: APP_PIPE,
      useValue: new ValidationPipe({
        whitelist: true,
        forbidNonWhitelisted: true,
        transform: true,
        exceptionFactory: (errors) => new RequestValidationError(toValidationIssues(errors)),
      }),
    },
  ];
}

/**
 * The middleware every request meets first, up to the rate limit: the request log first, so that every request is
 * logged and every line logged while serving it names it, then its histogram, then the security headers before
 * anything may answer, so that refusals carry them too. `metered` runs next (idflow's usage meter), so that every
 * answer is metered, those to bodies the parser refuses included.
 */
export function usePipelineHead(app: NestExpressApplication, metered?: RequestHandler): void {
  app.use(requestLogging(app.get(ROOT_LOGGER)));
  app.use(requestMetrics(app.get(Metrics)));
  app.use(securityHeaders(API_PATHS, CORS_PATHS));
  if (metered) app.use(metered);
  const config = app.get(AppConfig);
  app.use(resolveClientIps(clientIpSource(config.TRUSTED_PROXIES, config.CLIENT_IP_HEADERS)));
  // The integrator API and the public keys only (before the rate limit and the body parser, so that a browser can read
  // their refusals too): admin, Wallet API and hosted pages are never called across origins.
  app.use(CORS_PATHS, browserCors({ exposedHeaders: [CREDENTIAL_HEADERS.token, 'x-request-id', 'retry-after'] }));
  // The one place requests are counted against the limit, before anything else may answer or read a body.
  app.use(app.get(RateLimit).middleware());
}

/** The JSON body parser, last before the routes, and what Express adds to every answer that an API has no use for. */
export function usePipelineTail(app: NestExpressApplication): void {
  app.use(parseJsonBodies());
  app.disable('x-powered-by');
  // Every answer is computed afresh, so an ETag would only cost a hash of each body.
  app.set('etag', false);
}
