import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_PAGE, readSettingsTable, renderEnvExample, settingsTableRows } from './settings-docs';
import { SETTINGS } from './settings';

const root = join(__dirname, '..', '..');

describe('the documents generated from SETTINGS', () => {
  it('.env.example is what SETTINGS makes (run `npm run config:docs` after changing a setting)', () => {
    expect(readFileSync(join(root, '.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it(`${SETTINGS_PAGE}'s table is what SETTINGS makes (run \`npm run config:docs\` after changing a setting)`, () => {
    expect(readSettingsTable(readFileSync(join(root, SETTINGS_PAGE), 'utf8'))).toEqual(settingsTableRows());
  });

  it('lists every setting with its default, and secrets without a value', () => {
    const example = renderEnvExample();
    for (const name of Object.keys(SETTINGS)) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(example).toMatch(/^FLOW_TTL_SECONDS=300$/m);
    expect(example).toMatch(/^ADMIN_TOKEN=$/m);
    expect(example).toContain('(30..86400)');
  });

  it('leaves defaults derived from other variables empty, so a copy that changes BASE_URL moves every link', () => {
    const example = renderEnvExample();
    for (const name of ['BASE_URL', 'OPEN_URL', 'SIGN_URL', 'CDN_URL', 'DATABASE_PATH']) {
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
    expect(example).toMatch(/^DATA_DIR=\.\/data$/m);
  });
});
