import { randomInt } from 'node:crypto';
import type { Type } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/bootstrap/configure-app';
import { NEST_APP_OPTIONS } from '../../src/bootstrap/pipeline-options';
import type { AppConfig } from '../../src/config/app-config';
import { ResponseSchemaCheck } from './response-schemas';
import { responseValidatorsOf } from './response-validators';
import { onFreePort } from './service-process';
import { testConfig } from './test-config';

export type TestAgent = ReturnType<typeof request.agent>;

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** A supertest agent whose every request comes from a fresh client IP, so suites never trip the rate limit. */
  http: () => TestAgent;
  /** Closes the app; fails when any answer it sent did not match the OpenAPI document. */
  close: () => Promise<void>;
  /** The check of every JSON answer against the document, once the app has answered. */
  responseSchemas: () => ResponseSchemaCheck | undefined;
}

/**
 * An address in the IPv6 documentation range (2001:db8::/32) with 96 random bits, different on every call: suites that
 * share one Redis rate-limit store never land on each other's counters.
 */
export function randomClientIp(): string {
  const groups = Array.from({ length: 6 }, () => randomInt(0x10000).toString(16));
  return `2001:db8:${groups.join(':')}`;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Extra controllers, for suites that probe a cross-cutting mechanism through a route of their own. */
  controllers?: Type[];
}

/** Builds the real AppModule exactly as `main.ts` does, against a database of its own. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = await testConfig(options.env);
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.forRoot(config)],
    controllers: options.controllers ?? [],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(NEST_APP_OPTIONS);
  configureApp(app);
  let schemaCheck: ResponseSchemaCheck | undefined;
  app.use((request: Request, response: Response, next: NextFunction) => {
    schemaCheck ??= new ResponseSchemaCheck(responseValidatorsOf(app));
    schemaCheck.middleware(request, response, next);
  });
  // A start that fails (a bad setting, say) still opened its database and Redis connections: close them, or jest never
  // exits.
  await app.init().catch(async (error: unknown) => {
    await app.close().catch(() => undefined);
    throw error;
  });
  const server = app.getHttpServer();
  const http = () => {
    const agent = request.agent(server);
    agent.set('x-real-ip', randomClientIp());
    return agent;
  };
  const close = async () => {
    await app.close();
    if (schemaCheck?.violations.length) {
      throw new Error(`Answers that do not match the OpenAPI document:\n${schemaCheck.violations.join('\n')}`);
    }
  };
  return { app, config, http, close, responseSchemas: () => schemaCheck };
}

/**
 * Builds the app listening on a loopback port chosen beforehand, for settings that must name its origin (BASE_URL,
 * SIGN_URL): `env` gets that origin.
 */
export async function createListeningTestApp(
  env: (origin: string) => Record<string, string>,
  options: Omit<TestAppOptions, 'env'> = {},
): Promise<TestApp> {
  return onFreePort(async (port) => {
    const t = await createTestApp({ ...options, env: env(`http://127.0.0.1:${port}`) });
    try {
      await t.app.listen(port, '127.0.0.1');
    } catch (error) {
      await t.close();
      throw error;
    }
    return t;
  });
}
