/** How deep objects and arrays may nest in a request body: no route needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether a JSON text nests objects and arrays deeper than `maxDepth`, read from its raw bytes before it is parsed: one
 * pass, no allocation, so refusing a hostile body costs no more than reading it. Brackets inside strings do not count.
 */
export function nestsDeeperThan(text: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const byte = text[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * The path to the first string (value or key) in a parsed body that is not well-formed UTF-16, i.e. holds a lone
 * surrogate such as `"\ud800"`: no person's data contains one, and validators and encoders downstream throw on them.
 */
export function illFormedStringPath(value: unknown): Array<string | number> | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = illFormedStringPath(value[index]);
      if (found) return [index, ...found];
    }
  } else if (value !== null && typeof value === 'object') {
    for (const key in value) {
      if (!key.isWellFormed()) return [key];
      const found = illFormedStringPath((value as Record<string, unknown>)[key]);
      if (found) return [key, ...found];
    }
  }
  return null;
}
