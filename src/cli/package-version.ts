import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The version of the nearest package.json above `directory`: the CLI runs from `src/cli` (swc, from the sources) and from
 * `dist/src/cli` (compiled, and in the image), two and three levels below it.
 */
export function packageVersion(directory = __dirname): string {
  const file = join(directory, 'package.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  const parent = dirname(directory);
  if (parent === directory) throw new Error('no package.json above the CLI');
  return packageVersion(parent);
}
