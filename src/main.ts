import 'reflect-metadata';
import { startTracing } from './bootstrap/tracing';
import { ConfigError } from './config/errors/config.error';
import { loadConfig } from './config/load-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const tracing = await startTracing(process.env);
  // Loaded only once tracing has started, so that its instrumentations see Express, pg and ioredis being loaded.
  const { serve } = await import('./bootstrap/serve');
  await serve(config, tracing ? 'OpenTelemetry' : 'off');
}

main().catch((error: unknown) => {
  // A bad configuration is the operator's to fix: say what is wrong without a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
