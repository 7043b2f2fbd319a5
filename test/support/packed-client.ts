import { ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const CLIENT_DIR = join(ROOT, 'libs/client');

/** One script of the installed package's user, run by Node in the temporary project: its output, line by line. */
export class ScriptRun {
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private waiters: Array<() => void> = [];

  constructor(private readonly child: ChildProcess) {
    let partial = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((done) =>
      child.on('exit', (code) => {
        for (const wake of this.waiters.splice(0)) wake();
        done(code);
      }),
    );
  }

  /** The first output line matching `pattern`, once it has been printed. */
  async line(pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = this.lines.map((line) => line.match(pattern)).find((found) => found !== null);
      if (match) return match;
      if (this.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no line matching ${pattern}; output:\n${this.lines.join('\n')}\n${this.stderr}`);
      }
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, 100);
      });
    }
  }

  /** Waits for the script to end and fails with its output unless it exited 0. */
  async succeeded(timeoutMs = 20_000): Promise<string[]> {
    const timer = setTimeout(() => this.child.kill(), timeoutMs);
    const code = await this.exited.finally(() => clearTimeout(timer));
    if (code !== 0) throw new Error(`exit ${code}; output:\n${this.lines.join('\n')}\n${this.stderr}`);
    return this.lines;
  }

  kill(): void {
    this.child.kill();
  }
}

/**
 * `@idflow/client` as a user gets it: `npm pack` of libs/client (its prepack script builds it), installed from the
 * tarball into a new project outside the repository, offline. `jose` is installed beside it from the repository's own
 * node_modules, so the install needs neither the network nor a registry cache.
 */
export class PackedClient {
  private constructor(
    readonly projectDir: string,
    readonly tarball: string,
    readonly packedFiles: string[],
  ) {}

  static async install(): Promise<PackedClient> {
    const projectDir = await mkdtemp(join(tmpdir(), 'idflow-client-'));
    // Packed from a copy, so that two runs of the suite at once never build into the same dist/.
    const packageDir = join(projectDir, 'package-source');
    await cp(CLIENT_DIR, packageDir, {
      recursive: true,
      filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
    });
    // The build finds tsc, jose and Node's types where the repository keeps them.
    await symlink(join(ROOT, 'node_modules'), join(packageDir, 'node_modules'), 'dir');
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', projectDir], { cwd: packageDir });
    // The prepack script's own lines come before the JSON report.
    const [report] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
      filename: string;
      files: Array<{ path: string }>;
    }>;
    const tarball = join(projectDir, report.filename);
    await writeFile(join(projectDir, 'package.json'), JSON.stringify({ name: 'client-user', private: true }));
    await run(
      'npm',
      [
        'install',
        '--offline',
        '--install-links',
        '--no-audit',
        '--no-fund',
        '--cache',
        join(projectDir, '.npm-cache'),
        tarball,
        join(ROOT, 'node_modules/jose'),
      ],
      { cwd: projectDir },
    );
    return new PackedClient(
      projectDir,
      tarball,
      report.files.map((file) => file.path),
    );
  }

  /** The installed package, loaded as the project's own code would `require` it. */
  load<T>(): T {
    return createRequire(join(this.projectDir, 'package.json'))('@idflow/client') as T;
  }

  async installedManifest(): Promise<{ dependencies?: Record<string, string> } & Record<string, unknown>> {
    return JSON.parse(await readFile(join(this.projectDir, 'node_modules/@idflow/client/package.json'), 'utf8'));
  }

  /** Writes `source` into the project as `name` and runs it with Node and `env` on top of this process's. */
  async script(name: string, source: string, env: Record<string, string>): Promise<ScriptRun> {
    await writeFile(join(this.projectDir, name), source);
    const child = spawn(process.execPath, [name], {
      cwd: this.projectDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ScriptRun(child);
  }

  /** Compiles `name` in the project with the repository's TypeScript, against the package's declarations. */
  async typecheck(name: string, source: string): Promise<{ ok: boolean; output: string }> {
    await writeFile(join(this.projectDir, name), source);
    await writeFile(
      join(this.projectDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'node20',
          moduleResolution: 'node16',
          target: 'ES2022',
          lib: ['ES2024'],
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
        },
        files: [name],
      }),
    );
    try {
      const { stdout } = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
        cwd: this.projectDir,
      });
      return { ok: true, output: stdout };
    } catch (error) {
      return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
    }
  }

  remove(): Promise<void> {
    return rm(this.projectDir, { recursive: true, force: true });
  }
}

/** The ```js block that follows `<!-- recipe: name -->` in the client's README. */
export async function readmeRecipe(name: string): Promise<string> {
  const readme = await readFile(join(CLIENT_DIR, 'README.md'), 'utf8');
  const match = readme.match(new RegExp(`<!-- recipe: ${name} -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\``));
  if (!match) throw new Error(`README has no recipe ${name}`);
  return match[1];
}
