import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSettingsTable, renderEnvExample, settingsTableRows } from './settings-docs';
import { SETTINGS } from './settings';

const root = join(__dirname, '..', '..');

describe('the documents generated from SETTINGS', () => {
  it('.env.example is what SETTINGS makes (run `npm run config:docs` after changing a setting)', () => {
    expect(readFileSync(join(root, '.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it("README's configuration table is what SETTINGS makes (run `npm run config:docs` after changing a setting)", () => {
    expect(readSettingsTable(readFileSync(join(root, 'README.md'), 'utf8'))).toEqual(settingsTableRows());
  });

  it('lists every setting with its default, and secrets without a value', () => {
    const example = renderEnvExample();
    for (const name of Object.keys(SETTINGS)) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(example).toMatch(/^FLOW_TTL_SECONDS=300$/m);
    expect(example).toMatch(/^ADMIN_TOKEN=$/m);
    expect(example).toContain('(30..86400)');
  });
});
