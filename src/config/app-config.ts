import type { SettingValue } from './setting';
import { SETTINGS, type SettingName } from './settings';

type ValueOf<Name extends SettingName> = SettingValue<(typeof SETTINGS)[Name]>;
/** The settings that always have a value, their default applying when the variable is unset. */
type DefaultedName = {
  [Name in SettingName]: (typeof SETTINGS)[Name] extends { default: unknown } ? Name : never;
}[SettingName];

/** The typed values of every setting, as SETTINGS declares them; one without a default may be unset. */
export type Settings = { [Name in DefaultedName]: ValueOf<Name> } & {
  [Name in Exclude<SettingName, DefaultedName>]?: ValueOf<Name>;
};

/**
 * The validated configuration, injectable by this class; its properties are the settings of SETTINGS, named as their
 * environment variables. Made by `loadConfig` only.
 */
// The class's properties are the settings, declared once in SETTINGS, hence an interface of the same name.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface AppConfig extends Settings {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class AppConfig {
  constructor(values: Settings) {
    Object.assign(this, values);
  }
}

/** Settings whose values must never be printed: logs and error messages name them but never show them. */
export const SECRET_SETTINGS: ReadonlySet<SettingName> = new Set(
  (Object.keys(SETTINGS) as SettingName[]).filter((name) => SETTINGS[name].secret === true),
);
