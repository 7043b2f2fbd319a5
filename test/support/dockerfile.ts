import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** One instruction, its continuation lines joined: `COPY src src` is `{ keyword: 'COPY', args: 'src src' }`. */
export interface Instruction {
  keyword: string;
  args: string;
}

/** A COPY: from the build context, or with `--from` from an earlier stage's filesystem. */
export interface Copy {
  from?: string;
  sources: string[];
  destination: string;
}

/**
 * A stage of the Dockerfile, read as Docker reads it: what the replay of the image and the deployment tests ask of it,
 * so that neither keeps a list of its own.
 */
export class DockerStage {
  constructor(
    readonly name: string | undefined,
    readonly instructions: Instruction[],
  ) {}

  /** The instructions' arguments for one keyword, in order. */
  all(keyword: string): string[] {
    return this.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);
  }

  get workdir(): string {
    const workdir = this.all('WORKDIR').pop();
    if (!workdir) throw new Error(`stage ${this.name ?? '(last)'} sets no WORKDIR`);
    return workdir;
  }

  get copies(): Copy[] {
    return this.all('COPY').map(copyOf);
  }

  /** Shell-form RUN commands, as `sh -c` runs them. */
  get runs(): string[] {
    return this.all('RUN');
  }

  /** ENV in its `NAME=value` form, several to an instruction. */
  get env(): Record<string, string> {
    const pairs = this.all('ENV').flatMap((args) => [...args.matchAll(/(\w+)=(\S+)/g)]);
    return Object.fromEntries(pairs.map(([, name, value]) => [name, value]));
  }

  /** CMD in exec form. */
  get cmd(): string[] {
    return execForm(this.all('CMD').pop() ?? '');
  }

  /** The HEALTHCHECK's command, in exec form. */
  get healthcheck(): string[] {
    const healthcheck = this.all('HEALTHCHECK').pop() ?? '';
    return execForm(healthcheck.slice(healthcheck.indexOf('CMD ') + 'CMD '.length));
  }
}

/** A COPY's arguments: `--from=build /app/dist dist`, flags first, the destination last. */
export function copyOf(args: string): Copy {
  const words = args.split(/\s+/);
  const paths = words.filter((word) => !word.startsWith('--'));
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] };
}

function execForm(args: string): string[] {
  if (!args.startsWith('[')) throw new Error(`not in exec form: ${args}`);
  return JSON.parse(args) as string[];
}

/** Instructions of a Dockerfile's text: comments and blank lines dropped, lines ending in `\` joined to the next. */
function instructionsOf(text: string): Instruction[] {
  const lines = text.split('\n').filter((line) => !/^\s*(#|$)/.test(line));
  const joined = lines.join('\n').replace(/\\\n\s*/g, ' ');
  return joined.split('\n').map((line) => {
    const [keyword, ...rest] = line.trim().split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

/** The Dockerfile at the repository's root, stage by stage. */
export class Dockerfile {
  private constructor(readonly stages: DockerStage[]) {}

  static read(path = join(ROOT, 'Dockerfile')): Dockerfile {
    const stages: DockerStage[] = [];
    for (const instruction of instructionsOf(readFileSync(path, 'utf8'))) {
      if (instruction.keyword === 'FROM') {
        stages.push(new DockerStage(/\sAS\s+(\S+)$/i.exec(instruction.args)?.[1], []));
      } else {
        stages[stages.length - 1]?.instructions.push(instruction);
      }
    }
    return new Dockerfile(stages);
  }

  stage(name: string): DockerStage {
    const stage = this.stages.find((candidate) => candidate.name === name);
    if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
    return stage;
  }

  /** The stage the image runs: the last one. */
  get runtime(): DockerStage {
    return this.stages[this.stages.length - 1];
  }
}
