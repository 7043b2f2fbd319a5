/** The raw environment, as the process or a test hands it over. */
export type Environment = Record<string, string | undefined>;

/** A value, or the reason the text is not one; the reason is completed with the variable's name. */
export type Parsed<T> = { value: T } | { problem: string };

/**
 * One setting, declared once: how its text is read and checked, its default, whether it is a secret, and what it
 * means. Validation, defaults, error messages, `.env.example` and docs/configuration.md's table all come from here.
 */
export interface Setting<T> {
  /** The group it is listed under in `.env.example` and docs/configuration.md. */
  group: string;
  /** What it does, one sentence or two, for `.env.example` and docs/configuration.md. */
  description: string;
  /** What values it takes, for `.env.example` and docs/configuration.md: `30..86400`, `true | false`. */
  allowed: string;
  /** The text used when the variable is unset or empty; derived from other variables when a function. */
  default?: string | ((env: Environment) => string);
  /** Never printed: messages name the variable but never show its value, `.env.example` leaves it empty. */
  secret?: boolean;
  parse(text: string): Parsed<T>;
}

/** The value type a setting yields. */
export type SettingValue<S> = S extends Setting<infer T> ? T : never;
