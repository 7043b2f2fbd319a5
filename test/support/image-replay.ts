import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { Dockerfile, type DockerStage, copyOf } from './dockerfile';

const ROOT = join(__dirname, '..', '..');
/** The build's output (npm ci, nest build, vite) is printed only when a step fails. */
const OUTPUT_LIMIT = 256 * 1024 * 1024;

/**
 * The build context as `docker build .` sends it: the working tree less what .dockerignore names. Its entries are
 * paths from the context's root (Docker matches `node_modules` there only, not in subfolders).
 */
function contextFilter(): (path: string) => boolean {
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return (path) => {
    const inContext = relative(ROOT, path);
    return !ignored.some((entry) => inContext === entry || inContext.startsWith(`${entry}/`));
  };
}

/** Each step's time is printed, since the replay takes minutes and a CI log should say where they went. */
const secondsSince = (started: number) => ((Date.now() - started) / 1000).toFixed(0);

type Transfer = (source: string, target: string) => void;

/** Copies as COPY does: a folder's contents into the destination, several sources (or a `/` ending) into a folder. */
function copyInto(sources: string[], destination: string, transfer: Transfer): void {
  const intoFolder = sources.length > 1 || destination.endsWith('/');
  for (const source of sources) {
    if (!existsSync(source)) throw new Error(`COPY: ${source} does not exist`);
    const target = intoFolder ? join(destination, basename(source)) : destination;
    mkdirSync(dirname(target), { recursive: true });
    transfer(source, target);
  }
}

const copied =
  (filter: (path: string) => boolean): Transfer =>
  (source, target) =>
    cpSync(source, target, { recursive: true, filter, verbatimSymlinks: true });

/**
 * The build stage's folder is removed once the runtime stage has its files, so they are moved rather than copied:
 * copying node_modules file by file, then removing the build folder, took about 3 minutes of a 515 s run here. Across
 * file systems, a copy.
 */
const moved: Transfer = (source, target) => {
  try {
    renameSync(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copied(() => true)(source, target);
  }
};

/** The folder that stands for a stage's WORKDIR, and a path of its filesystem in that folder. */
function pathIn(stage: DockerStage, folder: string, imagePath: string): string {
  if (!isAbsolute(imagePath)) return join(folder, imagePath);
  const inWorkdir = relative(stage.workdir, imagePath);
  if (inWorkdir.startsWith('..')) throw new Error(`${imagePath} is outside ${stage.workdir}: not replayable`);
  return join(folder, inWorkdir);
}

/**
 * A RUN line as the image's shell runs it, in the stage's folder: with the stage's ENV, Node 24 first on PATH (the
 * base image's, as the test runner's is), and nothing else of this process's environment but HOME, whose npm cache
 * stands for the registry the image's build downloads from.
 */
function run(command: string, folder: string, env: Record<string, string>): void {
  const path = [dirname(process.execPath), process.env.PATH].join(':');
  const started = Date.now();
  const result = spawnSync('sh', ['-c', command], {
    cwd: folder,
    env: { PATH: path, HOME: process.env.HOME ?? tmpdir(), ...env },
    encoding: 'utf8',
    maxBuffer: OUTPUT_LIMIT,
  });
  if (result.status !== 0) {
    const output = `${result.stdout}${result.stderr}`.slice(-8000);
    throw new Error(`RUN ${command} exited ${result.status ?? result.signal}:\n${output}`);
  }
  console.log(`RUN ${command}: ${secondsSince(started)} s`);
}

/** The build stage: its COPY set from the build context into an empty folder, then its RUN lines there. */
function replayBuildStage(stage: DockerStage, folder: string): void {
  const fromContext = contextFilter();
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'COPY') {
      const copy = copyOf(instruction.args);
      copyInto(
        copy.sources.map((source) => join(ROOT, source)),
        pathIn(stage, folder, copy.destination),
        copied(fromContext),
      );
    } else if (instruction.keyword === 'RUN') {
      run(instruction.args, folder, stage.env);
    }
  }
}

/**
 * The runtime stage's files: what it copies from the build stage, into another empty folder. Its RUN lines make the
 * image's user and its data folder, which a replay as this machine's user has no use for: DATA_DIR is a fresh folder
 * when the server starts (runtimeEnv).
 */
function replayRuntimeStage(dockerfile: Dockerfile, buildFolder: string, folder: string): void {
  const stage = dockerfile.runtime;
  const started = Date.now();
  for (const copy of stage.copies) {
    if (!copy.from) throw new Error(`the runtime stage copies ${copy.sources.join(' ')} from the build context`);
    const from = dockerfile.stage(copy.from);
    copyInto(
      copy.sources.map((source) => pathIn(from, buildFolder, source)),
      pathIn(stage, folder, copy.destination),
      moved,
    );
  }
  console.log(`the runtime stage's COPY --from set: ${secondsSince(started)} s`);
}

/**
 * Builds the image without a container engine: the build stage in a folder of its own, then the runtime stage into
 * `runtimeFolder`, which then holds exactly what the image's WORKDIR holds. Throws, with the step's output, when a step
 * fails.
 */
export function replayImage(buildFolder: string, runtimeFolder: string): void {
  const dockerfile = Dockerfile.read();
  const from = dockerfile.runtime.copies.find((copy) => copy.from)?.from;
  if (!from) throw new Error('the runtime stage copies nothing from a build stage');
  replayBuildStage(dockerfile.stage(from), buildFolder);
  replayRuntimeStage(dockerfile, buildFolder, runtimeFolder);
}

/**
 * The runtime stage's ENV for a start of its CMD: a path outside WORKDIR (DATA_DIR's /var/lib/idflow) is a folder the
 * image makes for its user, here a fresh temporary one.
 */
export function runtimeEnv(): Record<string, string> {
  const stage = Dockerfile.read().runtime;
  return Object.fromEntries(
    Object.entries(stage.env).map(([name, value]) => [
      name,
      isAbsolute(value) && relative(stage.workdir, value).startsWith('..')
        ? mkdtempSync(join(tmpdir(), 'idflow-artifact-data-'))
        : value,
    ]),
  );
}
