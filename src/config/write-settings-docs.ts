import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { SETTINGS_PAGE, renderEnvExample, withSettingsTable } from './settings-docs';

/** `npm run config:docs`: rewrites `.env.example` and the table of docs/configuration.md from SETTINGS. */
async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  writeFileSync(join(root, '.env.example'), renderEnvExample());
  const pagePath = join(root, SETTINGS_PAGE);
  const page = withSettingsTable(readFileSync(pagePath, 'utf8'));
  const options = await resolveConfig(pagePath);
  writeFileSync(pagePath, await format(page, { ...options, filepath: pagePath }));
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
