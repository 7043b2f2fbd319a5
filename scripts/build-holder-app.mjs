#!/usr/bin/env node
// Builds the web apps of libs/ (the holder app, the operator console) into dist/<name>, where the service serves them
// (/app/, /console/): after `nest build` (which empties dist/), from `npm start` when their sources changed, and before
// the tests. With --if-stale it builds only an app whose sources are newer than its last build. Each app's own type
// check comes first, so a type error stops the build.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestChange } from './newest-change.mjs';

const root = join(import.meta.dirname, '..');
const WEB_APPS = ['holder-app', 'console'];

function isStale(name) {
  const builtAt = statSync(join(root, 'dist', name, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return builtAt <= newestChange(join(root, 'libs', name));
}

/** The web apps whose build is missing or older than their sources. */
export const staleWebApps = () => WEB_APPS.filter(isStale);

/** `stdio` is the type check's: build-if-stale sends what it prints to stderr. */
export async function buildWebApps(names = WEB_APPS, stdio = 'inherit') {
  const { build } = await import('vite');
  for (const name of names) {
    const app = join(root, 'libs', name);
    execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', app], { cwd: root, stdio });
    await build({ configFile: join(app, 'vite.config.mjs'), logLevel: 'warn' });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const names = process.argv.includes('--if-stale') ? staleWebApps() : WEB_APPS;
  if (names.length === 0) {
    console.log('dist/ holds the web apps as libs/ has them: no build');
  } else {
    console.log(`building ${names.join(' and ')} ...`);
    await buildWebApps(names);
  }
}
