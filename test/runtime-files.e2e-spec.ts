import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RUNTIME_FILES } from '../src/bootstrap/runtime-files';
import { runService, startService } from './support/service-process';
import { eventually, within } from './support/waiting';
import { describeDatabaseFree } from './support/database-free';

const ROOT = join(__dirname, '..');
const SOURCES = join(ROOT, 'src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const productionSources = filesUnder(SOURCES).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));

/**
 * Sources that find a file beside their own code but are not the server's: the CLI's version (package.json, which the
 * image copies; the CLI suite runs it compiled) and a documentation tool run from the sources only.
 */
const NOT_THE_SERVERS = ['cli/package-version.ts', 'config/write-settings-docs.ts'];

/** The compiled build's own list, as the compiled server checks it. */
function compiledRuntimeFiles(root: string): string[] {
  const script = `console.log(JSON.stringify(require('./dist/src/bootstrap/runtime-files').RUNTIME_FILES))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as string[];
}

// Each test starts the compiled server, some several times: time for a loaded machine.
jest.setTimeout(180_000);

describeDatabaseFree('the files the server reads at run time', () => {
  it('are each in RUNTIME_FILES, the list the server checks at start, wherever a source finds one', () => {
    const readers = productionSources
      .filter((file) => readFileSync(file, 'utf8').includes('__dirname'))
      .map((file) => relative(SOURCES, file))
      .filter((file) => !NOT_THE_SERVERS.includes(file) && file !== 'bootstrap/runtime-files.ts');
    const listed = new Set(
      RUNTIME_FILES.map((file) => relative(SOURCES, file).replace(/^(\.\.\/dist\/(holder-app|console))\/.*/, '$1')),
    );
    // Each reader names its file in a constant RUNTIME_FILES takes up: one entry per reader, under the reader's folder
    // (the web apps' are the build's own dist/holder-app and dist/console).
    expect(readers.sort()).toEqual([
      'common/built-app/built-app-files.ts',
      'database/sqlite-checkpointer.ts',
      'documents/pdf-reading.pool.ts',
      'documents/stamp-fonts.ts',
    ]);
    expect([...listed].sort()).toEqual([
      '../dist/console',
      '../dist/holder-app',
      'database/wal-checkpoint.worker.js',
      'documents/fonts/NotoSans-Regular.ttf',
      'documents/pdf-reading.thread.ts',
    ]);
  });

  it('are all in the build, with every file of src/ that is not TypeScript, at the path the compiled code reads', () => {
    const assets = filesUnder(SOURCES).filter((file) => !file.endsWith('.ts'));
    expect(assets.length).toBeGreaterThan(0);
    const missingAssets = assets
      .map((asset) => join('dist', relative(ROOT, asset)))
      .filter((asset) => !existsSync(join(ROOT, asset)));
    expect(missingAssets).toEqual([]);
    const compiled = compiledRuntimeFiles(ROOT);
    expect(compiled).toHaveLength(RUNTIME_FILES.length);
    expect(compiled.filter((file) => !file.startsWith(join(ROOT, 'dist')) || !existsSync(file))).toEqual([]);
  });

  describe('in a copy of the build', () => {
    let copy: string;

    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'idflow-build-'));
      cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
      cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    });

    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('stop the start with one line naming the one that is missing', async () => {
      for (const file of compiledRuntimeFiles(copy)) {
        renameSync(file, `${file}.away`);
        try {
          const run = runService({}, copy);
          const code = await within(`a start without ${file}`, run.exited, 60_000);
          expect({ file, code, stderr: run.stderr() }).toEqual({
            file,
            code: 1,
            stderr: `idflow cannot start: ${relative(copy, file)} is missing (npm run build makes it)\n`,
          });
        } finally {
          renameSync(`${file}.away`, file);
        }
      }
    });

    describe('the checkpoint thread', () => {
      const thread = () => join(copy, 'dist', 'src', 'database', 'wal-checkpoint.worker.js');
      let original: string;

      beforeAll(() => (original = readFileSync(thread(), 'utf8')));
      afterEach(() => writeFileSync(thread(), original));

      it('that cannot start stops the start, saying why', async () => {
        writeFileSync(thread(), "throw new Error('a broken thread');\n");
        const run = runService({}, copy);
        expect(await within('a start with a broken checkpoint thread', run.exited, 60_000)).toBe(1);
        expect(run.stderr()).toMatch(/checkpoint thread \(.*\) could not start: .*a broken thread/);
      });

      it('that stops later is reported by readiness, logged with its reason, and started again', async () => {
        // The real thread, which stops by itself half a second after each start.
        writeFileSync(thread(), `${original}\nsetTimeout(() => process.exit(3), 500);\n`);
        const service = await startService({}, copy);
        try {
          const states = new Set<string>();
          const readiness = async () => {
            const response = await fetch(`${service.baseUrl}/api/health/ready`);
            const { data } = (await response.json()) as { data: { ready: boolean; checkpointer: string } };
            expect(data.ready).toBe(true);
            states.add(data.checkpointer);
            return data.checkpointer;
          };
          await eventually('readiness reports the thread down', async () => (await readiness()) === 'down', 10_000);
          await eventually('the thread is up again', async () => (await readiness()) === 'up', 10_000);
          // Logged as readiness changes, and written by the logger a moment later, which a loaded machine can read after
          // readiness.
          const logged = (line: string) =>
            eventually(`"${line}" is logged`, async () => service.output().includes(line), 10_000);
          await logged(
            'The checkpoint thread stopped (it exited with code 3): the serving connection checkpoints alone until it starts again in 1 s',
          );
          await logged('The checkpoint thread started again');
        } finally {
          await service.stop();
        }
      });
    });
  });
});
