import type { Browser, Page } from 'playwright-core';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { artifactPath, describeInBrowser, launchBrowser } from './support/browser';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { bootstrapSandbox, credentials, testPerson } from './support/sandbox-tenant';
import { TestApp, createTestApp } from './support/test-app';

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
    stamped = await stampedDocument();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await files?.close();
    await t?.close();
  });

  /** A two-signer document signed through the sandbox simulator; its stamped copy as anyone downloads it. */
  async function stampedDocument(): Promise<Buffer> {
    const url = files.put('/contract.pdf', await makePdf(2));
    const created = await t
      .http()
      .post('/api/v2/document/signing')
      .set(credentials(sandbox))
      .send({
        to: SIGNERS,
        file: { url, title: 'Lease 7' },
        webhook: { host: 'https://example.com/hook', reference: 'x' },
      })
      .expect(201);
    const id: string = created.body.data.request.id;
    for (const nin of SIGNERS) {
      await t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(credentials(sandbox)).send({ nin }).expect(201);
    }
    const refreshed = await t.http().post('/api/v2/document/refresh').set(credentials(sandbox)).send({ flow: id });
    const download = await fetch(`${baseUrl}${new URL(refreshed.body.data.doc.file.stamped).pathname}`);
    return Buffer.from(await download.arrayBuffer());
  }

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
