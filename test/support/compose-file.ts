import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..');
export const readRepoFile = (file: string) => readFileSync(join(ROOT, file), 'utf8');

export interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks: { idflow: { ipam: { config: Array<{ subnet: string }> } } };
}

export const readCompose = () => parse(readRepoFile('compose.yaml')) as ComposeFile;

/** The idflow instances compose runs, by service name. */
export const idflowInstances = (compose: ComposeFile) =>
  Object.entries(compose.services).filter(([name]) => name.startsWith('idflow-'));

/** `${NAME}`, `${NAME:?message}` and `${NAME:-default}`: what compose fills in from `.env`. */
const VARIABLE = /\$\{(\w+)(?::([?-])([^}]*))?\}/g;

/** The variables a value takes from `.env`, with whether compose refuses to start without them. */
export function variablesOf(value: string): Array<{ name: string; required: boolean; fallback?: string }> {
  return [...value.matchAll(VARIABLE)].map(([, name, kind, rest]) => ({
    name,
    required: kind === '?',
    ...(kind === '-' ? { fallback: rest } : {}),
  }));
}

/** A value as compose interpolates it from `.env`; throws where compose would refuse to start. */
export function interpolate(value: string, dotenv: Record<string, string>): string {
  return value.replace(VARIABLE, (_match, name: string, kind?: string, rest?: string) => {
    if (dotenv[name]) return dotenv[name];
    if (kind === '-') return rest ?? '';
    throw new Error(`compose refuses to start: ${name} is not set (${rest ?? ''})`);
  });
}

/** `NAME=value` lines, as compose reads a `.env` without quotes; comments and blank lines skipped. */
export function parseDotenv(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => /^\w+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries);
}

/** The page that tells operators how to deploy: it holds the line that makes `.env` and the compose commands. */
export const DEPLOYING_PAGE = 'docs/operations.md';

/** The one line of DEPLOYING_PAGE that makes `.env` for compose. */
export function envFileLine(): string {
  const line = readRepoFile(DEPLOYING_PAGE)
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate.startsWith('[ -e .env ] ||'));
  if (!line) throw new Error(`${DEPLOYING_PAGE} has no line starting with '[ -e .env ] ||'`);
  return line;
}

/** Runs that line in `dir` with sh, as an operator would beside compose.yaml. */
export function makeEnvFile(dir: string): void {
  execFileSync('sh', ['-c', envFileLine()], { cwd: dir, stdio: 'ignore' });
}
