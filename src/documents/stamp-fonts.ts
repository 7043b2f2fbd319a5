import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PDFDocument, type PDFFont, StandardFonts } from '@cantoo/pdf-lib';

type Weight = 'regular' | 'bold';

const STANDARD: Record<Weight, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
};
/** Noto Sans Regular (SIL Open Font License, `fonts/OFL.txt`): Latin, Greek and Cyrillic, with Yoruba's marks. */
export const NOTO_FILE = join(__dirname, 'fonts', 'NotoSans-Regular.ttf');
let notoBytes: Buffer | undefined;

/**
 * The fonts a stamp draws with. A line the standard fonts can encode keeps Helvetica (nothing to embed); any other
 * line, a name in Cyrillic or with Yoruba tone marks, is drawn in Noto Sans, embedded only when some line needs it.
 * fontkit cannot subset this font (its subsetter fails on Noto's tables), so the whole font is embedded, about 320 KB
 * compressed: one weight only, bold lines included, to pay that once.
 */
export class StampFonts {
  private constructor(
    private readonly standard: Record<Weight, PDFFont>,
    private readonly unicode: PDFFont | undefined,
  ) {}

  /** Embeds what drawing `lines` takes: the standard fonts always, Noto Sans when a line is outside WinAnsi. */
  static async embed(document: PDFDocument, lines: string[]): Promise<StampFonts> {
    const standard = {
      regular: await document.embedFont(STANDARD.regular),
      bold: await document.embedFont(STANDARD.bold),
    };
    if (lines.every((line) => encodes(standard.regular, line))) return new StampFonts(standard, undefined);
    // fontkit loads with the first stamp that needs Noto Sans, not at every start.
    document.registerFontkit((await import('@pdf-lib/fontkit')).default);
    notoBytes ??= readFileSync(NOTO_FILE);
    return new StampFonts(standard, await document.embedFont(notoBytes, { subset: false }));
  }

  /** The font to draw `text` in: the standard one if it encodes every character, else Noto Sans. */
  for(text: string, weight: Weight = 'regular'): PDFFont {
    const standard = this.standard[weight];
    return encodes(standard, text) ? standard : (this.unicode ?? standard);
  }
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The code points a font can draw. */
export function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

function encodes(font: PDFFont, text: string): boolean {
  return [...text.normalize('NFC')].every((char) => characterSet(font).has(char.codePointAt(0) ?? 0));
}
