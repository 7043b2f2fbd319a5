import { PDFDocument } from '@cantoo/pdf-lib';
import { cyclicPageTree, sharedNodeBomb } from '../../test/support/pdf-bombs';
import { makePdf } from '../../test/support/pdf-fixtures';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { countPages } from './pdf-page-tree';

const load = async (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });

describe('countPages', () => {
  it('counts the pages of an ordinary PDF', async () => {
    expect(countPages(await load(await makePdf(3)), 10)).toBe(3);
  });

  it('counts a tree of many nodes as pdf-lib does', async () => {
    const document = await PDFDocument.create();
    for (let page = 0; page < 250; page++) document.addPage();
    const saved = await load(await document.save());
    expect(countPages(saved, 1000)).toBe(saved.getPageCount());
  });

  it('refuses a tree whose nodes list one node many times, which pdf-lib counts as a million pages', async () => {
    const bomb = await load(sharedNodeBomb(10, 6));
    expect(() => countPages(bomb, 1000)).toThrow(
      new NotAPdfError(
        'its page tree reaches 3 0 R more than once: pages must form a tree, without loops or shared nodes',
      ),
    );
  });

  it('refuses a tree that loops back to its root', async () => {
    const looped = await load(cyclicPageTree());
    expect(() => countPages(looped, 10)).toThrow(
      /^The file is not a usable PDF: its page tree reaches 2 0 R more than once/,
    );
  });

  it('refuses more pages than the cap, and takes exactly the cap', async () => {
    const document = await load(await makePdf(5));
    expect(() => countPages(document, 4)).toThrow('it has more than 4 pages (MAX_PDF_PAGES)');
    expect(countPages(document, 5)).toBe(5);
  });
});
