import type { Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AppModule } from '../src/app.module';
import { testConfig } from './support/test-config';
import { describeDatabaseFree } from './support/database-free';

const root = join(__dirname, '..');
const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8');

/** The text of a `## ` section of docs/architecture.md, up to the next one. */
function section(title: string): string {
  const start = architecture.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no section "${title}"`);
  const end = architecture.indexOf('\n## ', start + 1);
  return architecture.slice(start, end < 0 ? undefined : end);
}

/**
 * The drawing of the request pipeline, by its labels: each label (`global guards`) with the text of its line and of
 * the lines below it that leave the label column blank.
 */
function pipelineDrawing(): Map<string, string> {
  const drawing = /```\n([\s\S]*?)```/.exec(section('The request pipeline'))?.[1] ?? '';
  const labelled = new Map<string, string>();
  let label = '';
  for (const line of drawing.split('\n')) {
    const head = line.slice(0, 23).trim();
    if (head && line.startsWith('  ')) label = head;
    labelled.set(label, `${labelled.get(label) ?? ''}${line.slice(23)}\n`);
  }
  return labelled;
}

/** The class names of AppModule's providers for one of Nest's global tokens, in the order AppModule lists them. */
async function globalProviders(token: string): Promise<string[]> {
  const { providers = [] } = AppModule.forRoot(await testConfig(), { backgroundWork: false });
  return providers
    .filter(
      (provider): provider is Exclude<Provider, Type> => typeof provider === 'object' && provider.provide === token,
    )
    .map((provider) => {
      if ('useClass' in provider) return provider.useClass.name;
      if ('useExisting' in provider) return (provider.useExisting as Type).name;
      if ('useValue' in provider) return (provider.useValue as object).constructor.name;
      throw new Error(`A global ${token} made by a factory has no name to draw`);
    });
}

/** Every non-spec TypeScript file under src/, relative to src/. */
function sourceFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [relative(join(root, 'src'), path)] : [];
  });
}

/** Files that hold an instance of `registry` (a parameter or property typed by it) and call one of `methods` on it. */
function registeringFiles(registry: string, methods: string[]): string[] {
  return sourceFiles()
    .filter((file) => {
      const source = readFileSync(join(root, 'src', file), 'utf8');
      const holders = [...source.matchAll(new RegExp(`\\b(\\w+)\\??: ${registry}\\b`, 'g'))].map((match) => match[1]);
      const calls = new RegExp(`\\b(${holders.join('|')})\\.(${methods.join('|')})\\(`);
      return holders.length > 0 && calls.test(source);
    })
    .sort();
}

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

describeDatabaseFree('docs/architecture.md against the code', () => {
  it.each([
    ['global guards', APP_GUARD],
    ['global interceptors', APP_INTERCEPTOR],
    ['global pipe', APP_PIPE],
    ['global filter', APP_FILTER],
  ])('draws the %s AppModule registers, in its order', async (label, token) => {
    const drawn = pipelineDrawing().get(label) ?? '';
    const names = [...drawn.matchAll(/\b[A-Z]\w*(Guard|Interceptor|Pipe|Filter)\b/g)].map((match) => match[0]);
    const registered = await globalProviders(token);
    expect(registered.length).toBeGreaterThan(0);
    expect(names).toEqual(registered);
  });

  it('lists, for every registry, exactly the files that register with it', () => {
    const rows = section('Registries and hooks')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').slice(1, -1));
    expect(rows.length).toBeGreaterThan(5);
    for (const [registryCell, methodCell, , filesCell] of rows) {
      const [registry] = backticked(registryCell);
      const listed = { registry, files: backticked(filesCell).sort() };
      expect(listed).toEqual({ registry, files: registeringFiles(registry, backticked(methodCell)) });
    }
  });
});
