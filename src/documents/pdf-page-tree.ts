import { PDFDocument, PDFPageLeaf, PDFPageTree, type PDFObject } from '@cantoo/pdf-lib';
import { NotAPdfError } from './errors/not-a-pdf.error';

/**
 * The number of distinct pages in a document's page tree, walked once without recursion. A node reached twice, by a
 * loop or by two parents listing it, is refused rather than counted again: a few KB of `/Kids` naming one node over
 * and over would otherwise stand for a million pages, each of which stamping would then draw. Past `maxPages` the
 * walk stops and the file is refused.
 */
export function countPages(document: PDFDocument, maxPages: number): number {
  const { context } = document;
  const root = document.catalog.Pages();
  const seen = new Set<PDFObject>([root]);
  const pending: PDFPageTree[] = [root];
  let pages = 0;
  for (let node = pending.pop(); node; node = pending.pop()) {
    for (const kidRef of node.Kids().asArray()) {
      const kid = context.lookup(kidRef);
      if (!(kid instanceof PDFPageTree || kid instanceof PDFPageLeaf)) continue;
      if (seen.has(kid)) {
        throw new NotAPdfError(
          `its page tree reaches ${String(kidRef)} more than once: pages must form a tree, without loops or shared nodes`,
        );
      }
      seen.add(kid);
      if (kid instanceof PDFPageTree) pending.push(kid);
      else if (++pages > maxPages) throw new NotAPdfError(`it has more than ${maxPages} pages (MAX_PDF_PAGES)`);
    }
  }
  return pages;
}
