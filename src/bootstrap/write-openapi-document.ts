import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import { configureApp } from './configure-app';
import { NEST_APP_OPTIONS } from './pipeline-options';
import { buildOpenApiDocument } from './openapi-document';
import { loadConfig } from '../config/load-config';

/**
 * Writes the OpenAPI document the server serves at /docs-json to the file named first (for `npm run lint:openapi`),
 * from an app on a throw-away embedded database that never listens.
 */
async function main(target: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'idflow-openapi-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, { backgroundWork: false }),
    NEST_APP_OPTIONS,
  );
  configureApp(app);
  await app.init();
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  await app.close();
}

main(process.argv[2] ?? 'openapi.json').catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
