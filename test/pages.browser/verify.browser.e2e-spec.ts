import type { Browser, Page } from 'playwright-core';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { artifactPath, describeInBrowser, launchBrowser } from '../support/browser';
import { simulatorSignedDocument } from '../support/document-flows';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, testPerson } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';

const SIGNERS = ['10000000001', '10000000002'];

describeInBrowser('the verification page in Chromium', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let browser: Browser;
  let baseUrl: string;
  let stamped: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = await t.app.getUrl();
    ({ stamped } = await simulatorSignedDocument(t, sandbox, files.put('/contract.pdf', await makePdf(2)), SIGNERS));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await files?.close();
    await t?.close();
  });

  /** Picks the file and waits for the page to show the answer to it (not a previous one). */
  async function verifyUpload(page: Page, bytes: Buffer): Promise<void> {
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.locator('#file').setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: bytes });
    await answered;
    await page.locator('#outcome:not(.pending)').waitFor();
  }

  it('says an uploaded stamped copy is verified and lists who signed', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    expect((await page.goto(`${baseUrl}/verify`))?.status()).toBe(200);

    await verifyUpload(page, stamped);
    await expect(page.locator('#verdict').innerText()).resolves.toBe('Verified: issued by idflow, unaltered');
    await expect(page.locator('#outcome').getAttribute('class')).resolves.toBe('verified');
    await expect(page.locator('.signer-name').allInnerTexts()).resolves.toEqual(
      SIGNERS.map((nin) => testPerson(nin).name),
    );
    await expect(page.locator('#details').innerText()).resolves.toContain('Lease 7');
    await expect(page.locator('#sandbox').isVisible()).resolves.toBe(true);
    await expect(page.locator('#pades').innerText()).resolves.toMatch(/PAdES level\s+B-B/);
    await expect(page.locator('#pdf-signatures').innerText()).resolves.toContain('Signature by idflow document seal');
    await page.screenshot({ path: artifactPath('verify-page.png'), fullPage: true });

    const altered = Buffer.from(stamped);
    altered[altered.length >> 1] ^= 0x01;
    await verifyUpload(page, altered);
    await expect(page.locator('#verdict').innerText()).resolves.toBe('Not verified');
    await expect(page.locator('#outcome').getAttribute('class')).resolves.toBe('not-verified');
    await expect(page.locator('#summary').innerText()).resolves.toMatch(/differs from the signed copy we issued/);
    await expect(page.locator('#signers').isVisible()).resolves.toBe(false);
    await page.screenshot({ path: artifactPath('verify-page-altered.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('checks a copy given by link', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/verify`);
    await page.locator('#url').fill(files.put('/signed.pdf', stamped));
    await page.locator('#check-url').click();
    await page.locator('#outcome:not(.pending)').waitFor();
    await expect(page.locator('#verdict').innerText()).resolves.toBe('Verified: issued by idflow, unaltered');
    await page.close();
  });

  it('shows why an upload could not be checked', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/verify`);
    await verifyUpload(page, Buffer.from('not a pdf'));
    await expect(page.locator('#outcome').getAttribute('class')).resolves.toBe('failed');
    await expect(page.locator('#summary').innerText()).resolves.toMatch(/not a PDF/);
    await page.close();
  });
});
