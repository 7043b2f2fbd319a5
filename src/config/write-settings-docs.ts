import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { renderEnvExample, withSettingsTable } from './settings-docs';

/** `npm run config:docs`: rewrites `.env.example` and README's configuration table from SETTINGS. */
async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  writeFileSync(join(root, '.env.example'), renderEnvExample());
  const readmePath = join(root, 'README.md');
  const readme = withSettingsTable(readFileSync(readmePath, 'utf8'));
  const options = await resolveConfig(readmePath);
  writeFileSync(readmePath, await format(readme, { ...options, filepath: readmePath }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
