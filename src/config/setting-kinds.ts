import { compile as compileProxyTrust } from 'proxy-addr';
import type { Environment, Parsed, Setting } from './setting';

type Described = Pick<Setting<unknown>, 'group' | 'description' | 'secret'>;
type WithDefault<T> = Described & { default: T };
type DerivedDefault = string | ((env: Environment) => string);
/** A setting that always has a value: its default applies when the variable is unset. */
type Defaulted<T> = Setting<T> & { default: DerivedDefault };

const problem = (text: string): Parsed<never> => ({ problem: text });
const ok = <T>(value: T): Parsed<T> => ({ value });

const plain = (value: number) => String(value);

type IntegerOptions = Described & { min: number; max?: number; note?: string };

/** An integer within bounds; `note` explains a bound in human units (`90 days`); without a default it may be unset. */
export function integer(options: IntegerOptions & { default: number }): Defaulted<number>;
export function integer(options: IntegerOptions): Setting<number>;
export function integer(options: IntegerOptions & { default?: number }): Setting<number> {
  const { min, max, note } = options;
  const range =
    max === undefined
      ? min === 1
        ? 'a positive integer'
        : `an integer of at least ${min}`
      : `an integer between ${min} and ${max}`;
  const must = `must be ${range}${note ? ` (${note})` : ''}`;
  return {
    ...describe(options),
    allowed: max === undefined ? `${plain(min)} or more` : `${plain(min)}..${plain(max)}`,
    ...(options.default === undefined ? {} : { default: String(options.default) }),
    parse(text) {
      if (!/^-?\d+$/.test(text.trim())) return problem(must);
      const value = Number(text);
      if (value < min || (max !== undefined && value > max)) return problem(must);
      return ok(value);
    },
  };
}

export function boolean(options: WithDefault<boolean>): Defaulted<boolean> {
  return {
    ...describe(options),
    allowed: 'true | false',
    default: String(options.default),
    parse(text) {
      const normalised = text.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(normalised)) return ok(true);
      if (['false', '0', 'no', 'off'].includes(normalised)) return ok(false);
      return problem('must be true or false');
    },
  };
}

/** One of `values`; a default that is a function derives it from other variables (it must return one of them). */
export function oneOf<const V extends string>(
  values: readonly V[],
  options: Described & { default: V | ((env: Environment) => V) },
): Defaulted<V> {
  return {
    ...describe(options),
    allowed: values.join(' | '),
    default: options.default,
    parse(text) {
      return (values as readonly string[]).includes(text)
        ? ok(text as V)
        : problem(`must be one of ${values.join(', ')}`);
    },
  };
}

interface TextOptions extends Described {
  pattern?: RegExp;
  /** The pattern in words, for messages and docs: `a redis:// or rediss:// URL`. */
  shape?: string;
  minLength?: number;
}

/** Free text, optionally of a shape or a least length; without a default it may be left unset. */
export function text(options: TextOptions & { default: DerivedDefault }): Defaulted<string>;
export function text(options: TextOptions): Setting<string>;
export function text(options: TextOptions & { default?: DerivedDefault }): Setting<string> {
  const { pattern, shape, minLength = 1 } = options;
  return {
    ...describe(options),
    allowed: shape ?? (minLength > 1 ? `${minLength}+ characters` : 'text'),
    ...(options.default === undefined ? {} : { default: options.default }),
    parse(value) {
      if (value.length < minLength) return problem(`must be at least ${minLength} characters long`);
      if (pattern && !pattern.test(value)) return problem(`must be ${shape ?? `of the form ${String(pattern)}`}`);
      return ok(value);
    },
  };
}

/** A comma-separated choice of one or more of `values`, in any order, each kept once. */
export function subsetOf<const V extends string>(
  values: readonly V[],
  options: Described & { default: readonly V[] },
): Defaulted<V[]> {
  const must = `must be a comma-separated list of one or more of ${values.join(', ')}`;
  return {
    ...describe(options),
    allowed: `one or more of ${values.join(', ')}`,
    default: options.default.join(','),
    parse(value) {
      const entries = value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean);
      if (entries.length === 0 || !entries.every((entry) => (values as readonly string[]).includes(entry))) {
        return problem(must);
      }
      return ok([...new Set(entries)] as V[]);
    },
  };
}

/** An absolute http(s) URL without a trailing slash, so that `${url}/path` is always well formed. */
export function httpUrl(options: Described & { default: (env: Environment) => string }): Defaulted<string> {
  const must = 'must be an absolute http(s) URL without a trailing slash';
  return {
    ...describe(options),
    allowed: 'http(s) URL, no trailing slash',
    default: options.default,
    parse(value) {
      if (value.endsWith('/')) return problem(must);
      try {
        const url = new URL(value);
        const valid = (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
        return valid ? ok(value) : problem(must);
      } catch {
        return problem(must);
      }
    },
  };
}

/** `5,300,1800`: a comma-separated list of delays in seconds, fractions allowed. */
export function secondsList(
  options: Described & { default: readonly number[]; maxItems: number; max: number },
): Defaulted<number[]> {
  const { maxItems, max } = options;
  const must = `must be a comma-separated list of 1 to ${maxItems} delays in seconds, each between 0 and ${max}`;
  return {
    ...describe(options),
    allowed: `1 to ${maxItems} of 0..${plain(max)}`,
    default: options.default.join(','),
    parse(value) {
      const parts = value.split(',').map((part) => part.trim());
      if (!parts.every((part) => /^\d+(\.\d+)?$/.test(part))) return problem(must);
      const delays = parts.map(Number);
      if (delays.length > maxItems || delays.some((delay) => delay > max)) return problem(must);
      return ok(delays);
    },
  };
}

/**
 * Trusted proxies: `*` (every peer), `none`, or a comma-separated list of addresses, CIDR ranges and proxy-addr's
 * names (`loopback`, `linklocal`, `uniquelocal`).
 */
export function proxyList(options: Described & { default: readonly string[] }): Defaulted<string[]> {
  const must =
    'must be *, none, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal and uniquelocal';
  return {
    ...describe(options),
    allowed: '* | none | addresses, CIDRs, names',
    default: options.default.join(','),
    parse(value) {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length === 1 && (entries[0] === '*' || entries[0] === 'none')) return ok(entries);
      try {
        compileProxyTrust(entries);
      } catch {
        return problem(must);
      }
      return entries.length > 0 ? ok(entries) : problem(must);
    },
  };
}

function describe({ group, description, secret }: Described): Described {
  return { group, description, ...(secret ? { secret } : {}) };
}
