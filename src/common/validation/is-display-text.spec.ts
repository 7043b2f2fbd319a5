import { displayTextProblem } from './is-display-text';

describe('displayTextProblem', () => {
  it.each([
    ['a right-to-left override', 'Pay 10\u202E00 EUR', 'U+202E at index 6'],
    ['a left-to-right isolate', 'Till \u20664', 'U+2066 at index 5'],
    ['a zero-width space', 'Ac\u200Bme', 'U+200B at index 2'],
    ['a byte order mark', '\uFEFFAcme', 'U+FEFF at index 0'],
    ['a soft hyphen', 'Ac\u00ADme', 'U+00AD at index 2'],
    ['a NUL', 'a\u0000b', 'U+0000 at index 1'],
    ['an escape', 'a\u001B[31mb', 'U+001B at index 1'],
    ['a tab', 'a\tb', 'U+0009 at index 1'],
    ['a line separator', 'a\u2028b', 'U+2028 at index 1'],
    ['a line feed', 'a\nb', 'U+000A at index 1'],
  ])('refuses %s, naming the field and the character', (_what, text, where) => {
    expect(displayTextProblem(text, 'payload')).toMatch(
      new RegExp(`^payload must be plain text: ${where.replace('+', '\\+')} `),
    );
  });

  it('takes line breaks and tabs where the text may run over lines, and nothing else hidden', () => {
    expect(displayTextProblem('Pay\t10 EUR\r\nto Acme', 'payload', { multiline: true })).toBeUndefined();
    expect(displayTextProblem('Pay\n\u202E', 'payload', { multiline: true })).toMatch(/U\+202E at index 4/);
  });

  it('takes any script, spaces and punctuation', () => {
    expect(displayTextProblem('Till 4 · Kassé № 7 — 東京 «ok»', 'binding_message')).toBeUndefined();
  });

  it('takes the zero-width non-joiner and joiner that Persian and Indic names are spelled with', () => {
    expect(displayTextProblem('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645', 'signee name')).toBeUndefined();
    expect(displayTextProblem('\u0915\u094D\u200D\u0937', 'signee name')).toBeUndefined();
  });
});
