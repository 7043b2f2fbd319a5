import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../app.module';
import { StderrLogger } from '../common/logging/stderr.logger';
import type { AppConfig } from '../config/app-config';
import { configureApp } from './configure-app';
import { NEST_APP_OPTIONS } from './pipeline-options';

/** Starts the service on PORT and says where, on which database and bus. */
export async function serve(config: AppConfig, tracing: string): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    ...NEST_APP_OPTIONS,
    // Until the JSON logger is in place; a start that fails is thrown to main.ts, which says why in one line.
    logger: new StderrLogger(),
    abortOnError: false,
  });
  configureApp(app);
  await app.listen(config.PORT);
  const database = config.DATABASE_URL ? 'PostgreSQL' : `SQLite at ${config.DATABASE_PATH}`;
  const bus = config.REDIS_URL ? 'Redis' : 'in-process';
  const where = `${await app.getUrl()}, public address ${config.BASE_URL}`;
  const logger = app.get(Logger);
  logger.log(`idflow listening on ${where} (database: ${database}, bus: ${bus}, traces: ${tracing})`, 'Main');
  exitWithinGrace(config.SHUTDOWN_GRACE_SECONDS, logger);
}

/**
 * Nest closes the app on SIGTERM and SIGINT (streams end, held polls are answered, webhooks and usage are written, the
 * server and the database close), then raises the signal again. This listener stays for that second signal, so the
 * process ends with 0 once nothing is left open, as a clean stop should, rather than killed by its own signal; and it
 * bounds how long the close may take, as an orchestrator would kill the process.
 */
function exitWithinGrace(seconds: number, logger: Logger): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal}: shutting down within ${seconds} s`, 'Main');
      setTimeout(() => {
        logger.warn(`Still shutting down after ${seconds} s: exiting now`, 'Main');
        process.exit(1);
      }, seconds * 1000).unref();
    });
  }
}
