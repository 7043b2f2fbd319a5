import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** The web apps `npm run build` makes with Vite from libs/, each written to dist/<name> beside the compiled server. */
export type BuiltAppName = 'holder-app' | 'console';

/** Where a web app is built, reached from the sources and from the build alike. */
export function builtAppDir(name: BuiltAppName): string {
  return join(__dirname, __filename.endsWith('.ts') ? '../../../dist' : '../../..', name);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export interface BuiltAppFile {
  body: Buffer;
  type: string;
  /** Vite names what it bundles by content hash, so those files never change under their name. */
  immutable: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A built app, read once: a few dozen kilobytes, and a request can only ever name one of these files, never a path on
 * the disk. Empty when the app was not built.
 */
export function readBuiltAppFiles(dir: string): Map<string, BuiltAppFile> {
  const files = new Map<string, BuiltAppFile>();
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return files;
  for (const path of filesUnder(dir)) {
    const type = TYPES[extname(path)];
    if (!type) continue;
    const name = relative(dir, path).split('\\').join('/');
    files.set(name, { body: readFileSync(path), type, immutable: name.startsWith('assets/') });
  }
  return files;
}
