import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time under a path: of a file, or of any file or folder (a file removed) inside a folder. */
export function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newestChange(join(path, name))), stat.mtimeMs);
}
