import './common/runtime/compile-cache';
import 'reflect-metadata';
import { startTracing } from './bootstrap/tracing';
import { loadConfig } from './config/load-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const tracing = await startTracing(process.env);
  // Before the app loads, which takes seconds: a build that lacks a file the server reads stops at once, naming it.
  const { assertRuntimeFiles } = await import('./bootstrap/runtime-files');
  assertRuntimeFiles();
  // Loaded only once tracing has started, so that its instrumentations see Express, pg and ioredis being loaded.
  const { serve } = await import('./bootstrap/serve');
  await serve(config, tracing ? 'OpenTelemetry' : 'off');
}

main().catch((error: unknown) => {
  // What stops a start (a bad setting, a key that does not open, a database that does not answer) is the operator's to
  // fix: say what, without a stack trace, and exit even while connections opened before it are still open.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
