#!/usr/bin/env node
// `npm start` and the test suites run this first: it runs `npm run build` only when a source file, a folder (a file
// removed) or a build setting is newer than the compiled server, so a second start begins at once, and builds the
// web apps alone when only their sources changed. `npm run build` always builds. It writes to stderr only, as `npm run
// -s cli -- <command> --json` runs it too and its stdout must carry the command's output alone.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebApps, staleWebApps } from './build-holder-app.mjs';
import { newestChange } from './newest-change.mjs';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'src', 'main.js');
const sources = ['src', 'libs', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (builtAt > changedAt) {
  console.error('dist/ is newer than the sources: starting without a build (npm run build forces one)');
} else {
  console.error(
    builtAt === 0 ? 'building (no dist/ yet) ...' : 'the sources changed since the last build: building ...',
  );
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
}
const staleApps = staleWebApps();
if (staleApps.length > 0) {
  console.error(`building ${staleApps.join(' and ')} ...`);
  await buildWebApps(staleApps, ['ignore', 2, 2]);
}
