#!/usr/bin/env node
// Builds the holder app (libs/holder-app) into dist/holder-app, where the service serves it at /app/: after `nest
// build` (which empties dist/), from `npm start` when its sources changed, and before the tests. With --if-stale it
// builds only when a source is newer than the last build. The app's own type check comes first, so a type error
// stops the build.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestChange } from './newest-change.mjs';

const root = join(import.meta.dirname, '..');
const app = join(root, 'libs', 'holder-app');
const built = join(root, 'dist', 'holder-app', 'index.html');

export function holderAppIsStale() {
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt <= newestChange(app);
}

/** `stdio` is the type check's: build-if-stale sends what it prints to stderr. */
export async function buildHolderApp(stdio = 'inherit') {
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', app], { cwd: root, stdio });
  const { build } = await import('vite');
  await build({ configFile: join(app, 'vite.config.mjs'), logLevel: 'warn' });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-stale') && !holderAppIsStale()) {
    console.log('dist/holder-app is newer than libs/holder-app: no build');
  } else {
    console.log('building the holder app ...');
    await buildHolderApp();
  }
}
