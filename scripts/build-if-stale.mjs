#!/usr/bin/env node
// `npm start` runs this first: it builds only when a source file, a folder (a file removed) or a build setting is newer
// than the compiled server, so a second start begins at once. `npm run build` always builds.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const built = join(root, 'dist', 'src', 'main.js');
const sources = ['src', 'libs', 'ormconfig.ts', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((source) => newest(join(root, source))));
if (builtAt > changedAt) {
  console.log('dist/ is newer than the sources: starting without a build (npm run build forces one)');
} else {
  console.log(builtAt === 0 ? 'building (no dist/ yet) ...' : 'the sources changed since the last build: building ...');
  execFileSync(join(root, 'node_modules', '.bin', 'nest'), ['build'], { cwd: root, stdio: 'inherit' });
}
