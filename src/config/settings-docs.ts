import type { Environment, Setting } from './setting';
import { SETTINGS } from './settings';

const WIDTH = 118;
/** The page that holds the configuration table, from the repository's root. */
export const SETTINGS_PAGE = 'docs/configuration.md';
export const TABLE_START = '<!-- settings:start (generated from src/config/settings.ts by `npm run config:docs`) -->';
export const TABLE_END = '<!-- settings:end -->';

const entries = () => Object.entries(SETTINGS) as Array<[string, Setting<unknown>]>;

/** The text a setting defaults to with nothing else set, or undefined when it has none. */
function defaultText(setting: Setting<unknown>, env: Environment = {}): string | undefined {
  return typeof setting.default === 'function' ? setting.default(env) : setting.default;
}

/** Words wrapped into `# ` comment lines no wider than the rest of the project's text. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length + 1 + word.length > WIDTH && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** `.env.example`: every setting under its group, with what it means and takes, set to its default (secrets empty). */
export function renderEnvExample(): string {
  const lines = [
    '# idflow configuration. Every variable is optional; the values shown are the defaults, empty where derived.',
    '# Copy to .env only for your own shell (`set -a; . ./.env; set +a`): the service reads the process environment.',
    '# Generated from src/config/settings.ts by `npm run config:docs`: edit the settings there, not here.',
  ];
  let group = '';
  for (const [name, setting] of entries()) {
    if (setting.group !== group) {
      group = setting.group;
      lines.push('', `# --- ${group} ---`);
    }
    lines.push(...comment(`${setting.description} (${setting.allowed}${setting.secret ? '; a secret' : ''})`));
    // A default derived from other variables is left empty, so a copy with BASE_URL or PORT changed stays coherent.
    const derived = typeof setting.default === 'function';
    lines.push(`${name}=${setting.secret || derived ? '' : (defaultText(setting) ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The configuration table of SETTINGS_PAGE, one row per setting: its name, default, allowed values and meaning. */
export function settingsTableRows(): string[][] {
  return entries().map(([name, setting]) => {
    const fallback = setting.secret ? undefined : defaultText(setting);
    return [
      `\`${name}\``,
      fallback === undefined ? 'unset' : `\`${fallback}\``,
      setting.allowed.replace(/\|/g, '\\|'),
      setting.description,
    ];
  });
}

export function renderSettingsTable(): string {
  const rows = [['variable', 'default', 'allowed', 'meaning'], ['---', '---', '---', '---'], ...settingsTableRows()];
  return rows.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The page with its table between the markers replaced by the current one. */
export function withSettingsTable(page: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${SETTINGS_PAGE} has no ${TABLE_START} ... ${TABLE_END} section`);
  return `${page.slice(0, start + TABLE_START.length)}\n\n${renderSettingsTable()}\n\n${page.slice(end)}`;
}

/** The rows of the table between the markers, cell by cell, whatever its column alignment. */
export function readSettingsTable(page: string): string[][] {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  return page
    .slice(start + TABLE_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .slice(1)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}
