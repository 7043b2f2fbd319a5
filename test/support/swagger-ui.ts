import type { Page } from 'playwright-core';

/** How far one wheel turn scrolls: less than a screen, so no operation is skipped between two looks. */
const WHEEL_PIXELS = 400;
const MOST_TURNS = 400;

// Run in the page, which has the DOM the suites' own types leave out.
export const TO_TOP = 'window.scrollTo(0, 0)';
const AT_THE_END = 'window.scrollY + window.innerHeight >= document.body.scrollHeight';
const SHOWN_OPERATIONS = `[...document.querySelectorAll('.opblock-summary')].map((summary) =>
  summary.querySelector('.opblock-summary-method').textContent.toLowerCase() + ' ' +
  summary.querySelector('[data-path]').getAttribute('data-path'))`;

/**
 * Every operation Swagger UI lays out from the top of the page to its end, as `method path`: once a document holds 150
 * tags and operations together, it lays out only those near the viewport (a list it virtualizes).
 */
export async function renderedOperations(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate(TO_TOP);
  for (let turn = 0; turn < MOST_TURNS; turn++) {
    const shown = await page.evaluate<string[]>(SHOWN_OPERATIONS);
    for (const operation of shown) seen.add(operation);
    if (await page.evaluate<boolean>(AT_THE_END)) break;
    await turnWheel(page);
  }
  return seen;
}

async function turnWheel(page: Page): Promise<void> {
  await page.mouse.wheel(0, WHEEL_PIXELS);
  await page.waitForTimeout(30);
}
