import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs every `*.e2e-spec.ts` in `folder` as part of the jest suite that calls it. Jest gives each suite a module
 * registry of its own, and loading the app's modules into it is most of a short suite's CPU (about 1.5 s; ten short
 * suites took 8.2 s of CPU as one suite and 33 s as ten). So the specs of one capability share one registry: each still
 * builds its own apps, databases and processes, as it did as a suite of its own.
 */
export function runSpecsIn(folder: string): void {
  const specs = readdirSync(folder)
    .filter((name) => name.endsWith('.e2e-spec.ts'))
    .sort();
  if (specs.length === 0) throw new Error(`${folder} holds no *.e2e-spec.ts`);
  // Each spec registers its describe blocks as it loads; a list written out beside the folder could miss a new one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const spec of specs) require(join(folder, spec));
}
