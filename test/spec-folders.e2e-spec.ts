import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeDatabaseFree } from './support/database-free';
import { SPEC_SUFFIX } from './support/spec-folder';

const TEST = __dirname;

/** Folders whose specs another jest configuration runs (jest.faults.config.ts), or that jest.config.ts matches itself. */
const RUN_ELSEWHERE = new Set(['faults', 'fuzz']);

function specsBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? specsBelow(join(dir, entry.name))
      : entry.name.endsWith(SPEC_SUFFIX)
        ? [relative(TEST, join(dir, entry.name))]
        : [],
  );
}

describeDatabaseFree('the e2e specs in folders of test/', () => {
  it('each run, as part of the suite beside its folder', () => {
    const unrun = specsBelow(TEST).filter((spec) => {
      const [folder, ...rest] = spec.split('/');
      if (rest.length === 0 || RUN_ELSEWHERE.has(folder)) return false;
      if (rest.length > 1) return true;
      const suite = join(TEST, `${folder}${SPEC_SUFFIX}`);
      return !existsSync(suite) || !readFileSync(suite, 'utf8').includes(`runSpecsIn(\`\${__dirname}/${folder}\`)`);
    });
    expect(unrun).toEqual([]);
  });
});
