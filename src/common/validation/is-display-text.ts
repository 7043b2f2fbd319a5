import { ValidateBy } from 'class-validator';

/**
 * Characters that change how text shows rather than showing themselves: controls (Unicode Cc: NUL, escapes, tabs,
 * line breaks), format characters (Cf: bidi overrides and isolates such as U+202E, zero-width spaces, soft hyphens)
 * and the line and paragraph separators (Zl, Zp). In text a person reads before approving, they can reorder or hide
 * what the integrator wrote. The zero-width non-joiner and joiner (U+200C, U+200D) are format characters too, but
 * Persian and the Indic scripts spell names with them, and they move nothing: they are taken.
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/**
 * The same, but for the whitespace of a text laid out over lines and shown as it is written (line feed, carriage
 * return, tab), which moves nothing out of its reading order.
 */
const HIDDEN_BESIDE_LAYOUT = /(?![\t\n\r\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export interface DisplayTextOptions {
  /** Whether the text may run over several lines (line feeds, carriage returns and tabs); one line by default. */
  multiline?: boolean;
}

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `text` may not be shown to a person as `field`, or undefined when it may. */
export function displayTextProblem(text: string, field: string, options: DisplayTextOptions = {}): string | undefined {
  const hidden = (options.multiline ? HIDDEN_BESIDE_LAYOUT : HIDDEN).exec(text);
  if (!hidden) return undefined;
  const allowed = options.multiline ? '; line breaks and tabs are allowed' : '';
  return (
    `${field} must be plain text: ${codePoint(hidden[0])} at index ${hidden.index} is a control, format or separator ` +
    `character (Unicode Cc, Cf, Zl, Zp${allowed}), which can hide or reorder what a person reads`
  );
}

/**
 * Text that idflow shows a person (a payload to approve or sign, a document title, a signee's name, a wallet's
 * purpose): refused with a 400 naming the field and the character when it holds control or format characters.
 * Anything but a string is left to the field's type check.
 */
export function IsDisplayText(field: string, options: DisplayTextOptions = {}): PropertyDecorator {
  return ValidateBy({
    name: 'isDisplayText',
    validator: {
      validate: (value) => typeof value !== 'string' || displayTextProblem(value, field, options) === undefined,
      defaultMessage: (args) =>
        displayTextProblem(String(args?.value), field, options) ?? `${field} must be plain text`,
    },
  });
}
