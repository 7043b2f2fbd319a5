import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import TestSequencer from '@jest/test-sequencer';
import type { Test } from '@jest/test-result';

/**
 * A suite's code in bytes: its file's, and for a suite that runs a folder's specs, theirs too. The folder is read here
 * as spec-folder.ts reads it, not through it: jest loads this file in its own process with Node's type stripping, not
 * the project's transform, and Node finds no module by a path without its extension.
 */
function codeSize(path: string): number {
  const folder = join(dirname(path), basename(path, '.e2e-spec.ts'));
  const specs = statSync(folder, { throwIfNoEntry: false })?.isDirectory()
    ? readdirSync(folder).filter((name) => name.endsWith('.e2e-spec.ts'))
    : [];
  return specs.reduce((sum, spec) => sum + statSync(join(folder, spec)).size, statSync(path).size);
}

/**
 * Jest's own order, but on a first run (a fresh clone, as in CI), with no suite's time on record, the largest code goes
 * first, counting a folder's specs with the suite that runs them: by its own file's size jest started those last,
 * and a worker that draws a big one at the end runs it while the other waits.
 */
export default class SuiteSequencer extends TestSequencer {
  override sort(tests: Array<Test>): Array<Test> {
    // Jest's sort records each suite's time from its last run on the suite, when it has one.
    const sorted = super.sort(tests) as Array<Test>;
    if (sorted.some((test) => test.duration !== undefined)) return sorted;
    const sizes = new Map(tests.map((test) => [test.path, codeSize(test.path)]));
    return [...tests].sort((a, b) => (sizes.get(b.path) ?? 0) - (sizes.get(a.path) ?? 0));
  }
}
