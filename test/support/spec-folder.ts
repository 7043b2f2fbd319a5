import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How an e2e spec's file name ends, whether jest runs it as a suite or a suite runs it from a folder. */
export const SPEC_SUFFIX = '.e2e-spec.ts';

/** The paths of the specs in `folder`, in name order; none when there is no such folder. */
export function specsIn(folder: string): string[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(SPEC_SUFFIX))
    .sort()
    .map((name) => join(folder, name));
}

/**
 * Runs every `*.e2e-spec.ts` in `folder` as part of the jest suite that calls it. Jest gives each suite a module
 * registry of its own, and loading the app's modules into it is most of a short suite's CPU (about 1.5 s; ten short
 * suites took 8.2 s of CPU as one suite and 33 s as ten). So the specs of one capability share one registry: each still
 * builds its own apps, databases and processes, as it did as a suite of its own.
 */
export function runSpecsIn(folder: string): void {
  const specs = specsIn(folder);
  if (specs.length === 0) throw new Error(`${folder} holds no *${SPEC_SUFFIX}`);
  // Each spec registers its describe blocks as it loads; a list written out beside the folder could miss a new one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const spec of specs) require(spec);
}
