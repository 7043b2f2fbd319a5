#!/usr/bin/env node
// `npm start` runs this first: it builds only when a source file, a folder (a file removed) or a build setting is newer
// than the compiled server, so a second start begins at once. `npm run build` always builds.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { buildHolderApp, holderAppIsStale } from './build-holder-app.mjs';
import { newestChange } from './newest-change.mjs';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'src', 'main.js');
const sources = ['src', 'libs', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (builtAt > changedAt) {
  console.log('dist/ is newer than the sources: starting without a build (npm run build forces one)');
} else {
  console.log(builtAt === 0 ? 'building (no dist/ yet) ...' : 'the sources changed since the last build: building ...');
  execFileSync(join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
}
// After the server's build, which empties dist/ and so the app's build with it.
if (holderAppIsStale()) {
  console.log('building the holder app ...');
  await buildHolderApp();
}
