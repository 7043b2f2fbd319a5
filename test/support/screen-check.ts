import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { artifactPath } from './browser';

/** axe-core's browser build, read once; evaluated through the DevTools protocol, which the page's policy does not govern. */
let axeSource: string | undefined;

/** Run in the page once axe-core is loaded: its violations, by rule, impact and the elements that break it. */
const AXE_RUN = `axe.run(document).then((found) => found.violations.map((violation) => ({
  rule: violation.id,
  impact: violation.impact ?? 'unknown',
  help: violation.help,
  targets: violation.nodes.map((node) => node.target.join(' ')),
})))`;

/** An accessibility rule a screen breaks badly enough to stop someone using it, with where it breaks. */
export interface SeriousViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Keeps a screenshot of the screen the page shows (`test-artifacts/<folder>/<name>.png`, git-ignored) and runs axe-core
 * over it; answers the `serious` and `critical` violations, which a test expects to be none.
 */
export async function checkScreen(page: Page, folder: string, name: string): Promise<SeriousViolation[]> {
  await page.screenshot({ path: artifactPath(`${folder}/${name}.png`), fullPage: true });
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate<SeriousViolation[]>(AXE_RUN);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
