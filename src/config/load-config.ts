import { AppConfig, type Settings } from './app-config';
import { ConfigError } from './errors/config.error';
import type { Environment, Setting } from './setting';
import { SETTINGS, type SettingName } from './settings';

/** The text a setting is read from: the variable when set and not empty, otherwise its default, if it has one. */
function textOf(setting: Setting<unknown>, name: string, env: Environment): string | undefined {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  return typeof setting.default === 'function' ? setting.default(env) : setting.default;
}

/** Reads, defaults and validates the configuration; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Environment = process.env): AppConfig {
  const values: Partial<Record<SettingName, unknown>> = {};
  const problems: string[] = [];
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const setting: Setting<unknown> = SETTINGS[name];
    const text = textOf(setting, name, env);
    if (text === undefined) continue;
    const parsed = setting.parse(text);
    if ('value' in parsed) values[name] = parsed.value;
    else problems.push(`${name} ${parsed.problem}${setting.secret ? '' : ` (got ${JSON.stringify(text)})`}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return new AppConfig(values as Settings);
}
