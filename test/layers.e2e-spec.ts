import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describeDatabaseFree } from './support/database-free';

const root = resolve(__dirname, '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

interface CruiseResult {
  exitCode: number;
  violations: string[];
}

/** Runs dependency-cruiser with the project's layer rules over `paths` of `cwd`, as `npm run lint:layers` does. */
async function cruise(cwd: string, paths: string[]): Promise<CruiseResult> {
  const args = [depcruise, ...paths, '--config', join(root, '.dependency-cruiser.js'), '--output-type', 'err'];
  try {
    await promisify(execFile)(process.execPath, args, { cwd });
    return { exitCode: 0, violations: [] };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { exitCode: code, violations: stdout.split('\n').filter((line) => line.includes('error ')) };
  }
}

/** A throwaway tree of src/ files, each `[path, source]`. */
function fixtureTree(files: Array<[string, string]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'idflow-layers-'));
  copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [path, source] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

describeDatabaseFree('the layers of src/', () => {
  const fixtures: string[] = [];
  afterAll(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('has no import that runs back up a layer, and no import cycle', async () => {
    const result = await cruise(root, ['src', 'libs']);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  }, 60_000);

  it('refuses an import from a lower layer up to a higher one', async () => {
    const dir = fixtureTree([
      ['src/config/app-config.ts', "import { FLOW } from '../flows/flow';\nexport const CONFIG = FLOW;\n"],
      ['src/flows/flow.ts', "export const FLOW = 'flow';\n"],
    ]);
    fixtures.push(dir);
    const result = await cruise(dir, ['src']);
    expect(result.exitCode).not.toBe(0);
    expect(result.violations).toEqual([
      expect.stringContaining('layer-config: src/config/app-config.ts → src/flows/flow.ts'),
    ]);
  }, 60_000);

  it('refuses an import between two features of one row, and a cycle', async () => {
    const dir = fixtureTree([
      ['src/signing/a.ts', "import { B } from '../identification/b';\nexport const A = () => B;\n"],
      ['src/identification/b.ts', "import { A } from '../signing/a';\nexport const B = () => A;\n"],
    ]);
    fixtures.push(dir);
    const result = await cruise(dir, ['src']);
    expect(result.violations).toEqual(
      expect.arrayContaining([
        expect.stringContaining('layer-signing: src/signing/a.ts → src/identification/b.ts'),
        expect.stringContaining('no-circular: '),
      ]),
    );
  }, 60_000);

  it('refuses a folder that has no row', async () => {
    const dir = fixtureTree([
      ['src/newfeature/x.ts', "import { C } from '../config/c';\nexport const X = C;\n"],
      ['src/config/c.ts', 'export const C = 1;\n'],
    ]);
    fixtures.push(dir);
    const result = await cruise(dir, ['src']);
    expect(result.violations).toEqual([expect.stringContaining('unknown-folder: src/newfeature/x.ts')]);
  }, 60_000);

  it('refuses a package other than jose in the Node client, which is installed with jose alone', async () => {
    const dir = fixtureTree([
      [
        'libs/client/src/check.ts',
        "import { Webhook } from 'standardwebhooks';\nimport { jwtVerify } from 'jose';\n" +
          "import { createHmac } from 'node:crypto';\nimport { B } from './b';\n" +
          'export const CHECK = [Webhook, jwtVerify, createHmac, B];\n',
      ],
      ['libs/client/src/b.ts', 'export const B = 1;\n'],
    ]);
    fixtures.push(dir);
    const result = await cruise(dir, ['libs']);
    expect(result.violations).toEqual([
      expect.stringContaining('client-needs-only-jose: libs/client/src/check.ts → standardwebhooks'),
    ]);
  }, 60_000);

  it('refuses a library internal path outside src/platform/, and takes packages by their names everywhere', async () => {
    const internals =
      "import { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';\n" +
      "import { RouterExplorer } from '@nestjs/core/router/router-explorer';\n" +
      'export const INTERNALS = [BetterSqlite3Driver, RouterExplorer];\n';
    const dir = fixtureTree([
      ['src/common/reach.ts', internals],
      ['src/platform/reach.ts', internals],
      [
        'src/common/entries.ts',
        "import { DataSource } from 'typeorm';\nimport { NestFactory } from '@nestjs/core';\n" +
          "import { validate } from 'class-validator';\nimport { Router } from 'express';\n" +
          'export const ENTRIES = [DataSource, NestFactory, validate, Router];\n',
      ],
    ]);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    fixtures.push(dir);
    const result = await cruise(dir, ['src']);
    expect(result.violations.sort()).toEqual([
      expect.stringMatching(/library-internals-in-platform-only: src\/common\/reach\.ts → \S*@nestjs\/core\/router\//),
      expect.stringMatching(/library-internals-in-platform-only: src\/common\/reach\.ts → \S*typeorm\/driver\//),
    ]);
  }, 60_000);

  it('refuses a library internal path planted in src/, on the checkout as installed', async () => {
    // Inside the checkout (test-artifacts/ is ignored by git, lint and jest), so that packages resolve to the
    // checkout's own node_modules, whatever npm made of it. The planted file alone is cruised: the first test cruises
    // the real tree, and a copy of it cruised again took a third of this suite's time.
    mkdirSync(join(root, 'test-artifacts'), { recursive: true });
    const dir = mkdtempSync(join(root, 'test-artifacts', 'layers-'));
    fixtures.push(dir);
    copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    mkdirSync(join(dir, 'src', 'common'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'common', 'planted-reach.ts'),
      "import { PATH_METADATA } from '@nestjs/common/constants';\nexport const PLANTED = PATH_METADATA;\n",
    );
    const result = await cruise(dir, ['src']);
    expect(result.violations).toEqual([
      expect.stringMatching(
        /library-internals-in-platform-only: src\/common\/planted-reach\.ts → \S*node_modules\/@nestjs\/common\/constants/,
      ),
    ]);
  }, 60_000);

  it('refuses a library internal path where node_modules is a folder of the checkout, as after npm ci', async () => {
    const reach = "import { getSymbolSize } from 'qrcode/lib/core/utils';\nexport const REACH = getSymbolSize;\n";
    const dir = fixtureTree([
      ['src/common/reach.ts', reach],
      ['src/platform/reach.ts', reach],
      ['src/common/entry.ts', "import { toString } from 'qrcode';\nexport const ENTRY = toString;\n"],
    ]);
    cpSync(join(root, 'node_modules', 'qrcode'), join(dir, 'node_modules', 'qrcode'), { recursive: true });
    fixtures.push(dir);
    const result = await cruise(dir, ['src']);
    expect(result.violations).toEqual([
      expect.stringContaining(
        'library-internals-in-platform-only: src/common/reach.ts → node_modules/qrcode/lib/core/',
      ),
    ]);
  }, 60_000);
});
