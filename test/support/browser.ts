import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Browser, Page, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = join(__dirname, '..', '..', 'test-artifacts');

const available = existsSync(CHROMIUM_PATH);
if (!available && process.env.REQUIRE_BROWSER) {
  throw new Error(`REQUIRE_BROWSER is set but there is no Chromium at ${CHROMIUM_PATH}`);
}

/**
 * Browser suites run in Debian's Chromium. A machine without it skips them with a notice, so `npm test` passes on a
 * fresh machine; `.ci/run` installs Chromium and sets REQUIRE_BROWSER so CI never skips them.
 */
export const describeInBrowser: jest.Describe = available ? describe : describe.skip;
if (!available) console.warn(`Browser suites skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);

/** `extraArgs` add to the switches below, for a suite that needs more of Chromium (a fake camera, say). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The machine has no network beyond the loopback: keep Chromium from calling home.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export function artifactPath(name: string): string {
  const path = join(ARTIFACTS_DIR, name);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

/**
 * Waits for the browser to land on the app's redirect URI, allowing for a loaded machine, and says where it stopped if
 * it never gets there.
 */
export async function waitForRedirect(page: Page, redirectUri: string): Promise<void> {
  await page
    .waitForURL((address) => address.href.startsWith(redirectUri), { timeout: 15_000 })
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nstopped at ${page.url()}: ${(await page.textContent('body'))?.slice(0, 500)}`);
    });
}
