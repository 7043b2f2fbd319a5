import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { NEST_APP_OPTIONS, configureApp } from './bootstrap/configure-app';
import { ConfigError } from './config/errors/config.error';
import { loadConfig } from './config/load-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), NEST_APP_OPTIONS);
  configureApp(app);
  await app.listen(config.PORT);
  const database = config.DATABASE_URL ? 'PostgreSQL' : `SQLite at ${config.DATABASE_PATH}`;
  const bus = config.REDIS_URL ? 'Redis' : 'in-process';
  const where = `${await app.getUrl()}, public address ${config.BASE_URL}`;
  const logger = app.get(Logger);
  logger.log(`idflow listening on ${where} (database: ${database}, bus: ${bus})`, 'Main');
  exitWithinGrace(config.SHUTDOWN_GRACE_SECONDS, logger);
}

/**
 * Nest closes the app on SIGTERM and SIGINT (streams end, held polls are answered, webhooks and usage are written, the
 * server and the database close); this bounds how long that may take, as an orchestrator would kill the process.
 */
function exitWithinGrace(seconds: number, logger: Logger): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal}: shutting down within ${seconds} s`, 'Main');
      setTimeout(() => {
        logger.warn(`Still shutting down after ${seconds} s: exiting now`, 'Main');
        process.exit(1);
      }, seconds * 1000).unref();
    });
  }
}

main().catch((error: unknown) => {
  // A bad configuration is the operator's to fix: say what is wrong without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
