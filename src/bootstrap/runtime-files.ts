import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CHECKPOINT_THREAD_FILE } from '../database/sqlite-checkpointer';
import { PDF_READING_THREAD_FILE } from '../documents/pdf-reading.pool';
import { NOTO_FILE } from '../documents/stamp-fonts';
import { builtAppDir } from '../common/built-app/built-app-files';

/**
 * Every file the server reads beside its own code at run time, where the running code looks for it: in dist/ for the
 * build, in src/ (and dist/holder-app, dist/console) for the sources. A feature that reads another file from disk adds it here, so
 * that a build that lacks it stops at start rather than failing the first request that needs it.
 */
export const RUNTIME_FILES: readonly string[] = [
  NOTO_FILE,
  CHECKPOINT_THREAD_FILE,
  PDF_READING_THREAD_FILE,
  join(builtAppDir('holder-app'), 'index.html'),
  join(builtAppDir('console'), 'index.html'),
];

/** Throws, naming the first runtime file that is missing, relative to the working directory. */
export function assertRuntimeFiles(): void {
  const missing = RUNTIME_FILES.find((file) => !existsSync(file));
  if (missing) {
    throw new Error(`idflow cannot start: ${relative(process.cwd(), missing)} is missing (npm run build makes it)`);
  }
}
