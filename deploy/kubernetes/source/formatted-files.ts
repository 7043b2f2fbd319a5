import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { manifestFiles } from './manifest-tree';

/** deploy/kubernetes/, where the tree is written. */
export const KUBERNETES_DIR = join(__dirname, '..');

/** The files of the tree as they are committed: formatted as `npm run format:check` wants them. */
export async function formattedManifestFiles(): Promise<Map<string, string>> {
  const formatted = new Map<string, string>();
  for (const [path, text] of manifestFiles()) {
    const filepath = join(KUBERNETES_DIR, path);
    const options = await resolveConfig(filepath);
    formatted.set(path, await format(text, { ...options, filepath }));
  }
  return formatted;
}
