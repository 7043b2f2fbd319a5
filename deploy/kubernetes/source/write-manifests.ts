import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { KUBERNETES_DIR, formattedManifestFiles } from './formatted-files';
import { GENERATED_HEADER } from './manifest-tree';

/** Generated files already on disk, so that one the source no longer makes is removed rather than left applied. */
function generatedOnDisk(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.yaml'))
    .filter((path) => readFileSync(join(directory, path), 'utf8').startsWith(GENERATED_HEADER))
    .map((path) => relative(KUBERNETES_DIR, join(directory, path)));
}

/** `npm run kubernetes:write`: rewrites deploy/kubernetes/ from this folder's source. */
async function main(): Promise<void> {
  const files = await formattedManifestFiles();
  for (const stale of generatedOnDisk(KUBERNETES_DIR).filter((path) => !files.has(path))) {
    rmSync(join(KUBERNETES_DIR, stale));
  }
  for (const [path, text] of files) {
    mkdirSync(dirname(join(KUBERNETES_DIR, path)), { recursive: true });
    writeFileSync(join(KUBERNETES_DIR, path), text);
  }
  process.stdout.write(`wrote ${files.size} files under deploy/kubernetes/\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
