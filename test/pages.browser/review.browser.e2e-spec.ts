import type { Browser, Page } from 'playwright-core';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { artifactPath, describeInBrowser, launchBrowser } from '../support/browser';
import { signChallenge } from '../support/device-signature';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { TestApp, createListeningTestApp } from '../support/test-app';

describeInBrowser('the hosted review page in Chromium', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let files: FileHost;
  let pdfUrl: string;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      SIGN_URL: origin,
      CDN_URL: origin,
    }));
    sandbox = await bootstrapSandbox(t.app);
    files = await FileHost.start();
    pdfUrl = files.put('/lease.pdf', await makePdf(2, 'Office lease'));
    baseUrl = await t.app.getUrl();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await files?.close();
    await t?.close();
  });

  /** A review document for the first sandbox test person and a second signee (by default a test person too). */
  async function startReview(second = sandbox.testPersons[1]): Promise<{ id: string; path: string }> {
    const [first] = sandbox.testPersons;
    const created = await t
      .http()
      .post('/api/v2/document/review')
      .set(credentials(sandbox))
      .send({
        signee: [
          {
            name: first.name,
            type: 'business',
            email: 'first@example.com',
            nin: first.nin,
            representing: 'Acme Ltd',
            title: 'Director',
          },
          { name: second.name, type: 'person', email: 'second@example.com', nin: second.nin, representing: '' },
        ],
        file: { url: pdfUrl, title: 'Office lease <Lagos>' },
        webhook: { host: 'https://example.com/hook', reference: 'lease-7' },
      })
      .expect(201);
    return { id: created.body.data.request.id, path: new URL(created.body.data.link).pathname };
  }

  /** A fresh page; every script error and console error (a CSP violation, say) is collected to be checked. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    return { page, problems };
  }

  const signeeStatus = (page: Page, position: number, status: string) =>
    page.waitForSelector(`.signee[data-position="${position}"][data-status="${status}"]`, { timeout: 5000 });
  // The page's message follows its own request's answer, which may land after the live update of the signee's status.
  const messageShows = (page: Page, text: string) =>
    page.locator('#message', { hasText: text }).waitFor({ timeout: 5000 });

  it('is signed end to end: one signee in their phone while the page follows live, one with the sandbox device', async () => {
    const { id, path } = await startReview();
    const phone = await enrolledDevice(t.app, t.http, sandbox.testPersons[0].nin);
    const { page, problems } = await open(path);

    await expect(page.locator('#title').innerText()).resolves.toBe('Office lease <Lagos>');
    await expect(page.locator('#app-name').innerText()).resolves.toBe('Sandbox app');
    const fileUrl = await page.locator('#document-frame').getAttribute('src');
    expect(fileUrl).toMatch(new RegExp(`^${baseUrl}/files/`));
    await expect(page.locator('#download').getAttribute('href')).resolves.toBe(fileUrl);
    await expect(page.locator('.signee .nin').allInnerTexts()).resolves.toEqual(['NIN *******0001', 'NIN *******0002']);
    await page.waitForSelector('body[data-following="events"]');
    await expect(page.locator('#push').isDisabled()).resolves.toBe(true);

    await page.check('input[name="signee"][value="0"]');
    await expect(page.locator('#chosen').innerText()).resolves.toBe(
      `Signing as ${sandbox.testPersons[0].name} for Acme Ltd.`,
    );
    await page.click('#push');
    await signeeStatus(page, 0, 'notified');
    await messageShows(page, `Waiting for ${sandbox.testPersons[0].name} to confirm in the digital-ID app`);

    // The phone, through the Wallet API, while the page is open: every step shows up on the page by itself.
    const inbox = await phone.get(t.http, '/wallet/v1/inbox');
    const pushed = (inbox.body.data.flows as Array<{ id: string }>).find((flow) => flow.id === id);
    expect(pushed).toBeDefined();
    const read = await phone.get(t.http, `/wallet/v1/flows/${id}`);
    await signeeStatus(page, 0, 'viewed');
    const signature = await signChallenge(phone, read.body.data.flow.challenge);
    expect((await phone.post(t.http, `/wallet/v1/flows/${id}/approve`, { signature })).status).toBe(201);
    await signeeStatus(page, 0, 'signed');
    await expect(page.locator('#message').innerText()).resolves.toBe(
      `${sandbox.testPersons[0].name} signed in the digital-ID app.`,
    );
    await expect(page.locator('#document-status').innerText()).resolves.toBe('Waiting for signatures: 1 of 2 signed.');
    await expect(page.locator('input[name="signee"][value="0"]').isDisabled()).resolves.toBe(true);
    await expect(page.locator('#stamped-section').isHidden()).resolves.toBe(true);

    await page.check('input[name="signee"][value="1"]');
    await expect(page.locator('#sandbox-sign').isVisible()).resolves.toBe(true);
    await page.click('#sandbox-sign');
    await page.waitForSelector('#document-status[data-status="completed"]', { timeout: 5000 });
    await signeeStatus(page, 1, 'signed');
    await page.waitForSelector('#stamped-section:not([hidden])');
    const stamped = await page.locator('#stamped').getAttribute('href');
    const refreshed = await t.http().post('/api/v2/document/refresh').set(credentials(sandbox)).send({ flow: id });
    expect(stamped).toBe(refreshed.body.data.doc.file.stamped);
    const download = await page.request.get(stamped as string);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    for (const button of ['#push', '#sandbox-sign', '#decline']) {
      await expect(page.locator(button).isDisabled()).resolves.toBe(true);
    }
    await page.waitForSelector('body[data-following="ended"]');

    await page.screenshot({ path: artifactPath('review-page.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('declines a test person with the sandbox device after a confirmation: the document ends for everyone', async () => {
    const { id, path } = await startReview();
    const { page, problems } = await open(path);

    await page.check('input[name="signee"][value="1"]');
    await page.click('#decline');
    await page.waitForSelector('#decline-confirm:not([hidden])');
    await page.click('#decline-no');
    await page.waitForSelector('#decline-confirm[hidden]', { state: 'attached' });
    await page.click('#decline');
    await page.fill('#decline-reason', '  The rent in clause 2 is wrong  ');
    await page.click('#decline-yes');

    await page.waitForSelector('#document-status[data-status="rejected"]', { timeout: 5000 });
    await expect(page.locator('#document-status').innerText()).resolves.toBe(
      `Declined by ${sandbox.testPersons[1].name}. This document can no longer be signed.`,
    );
    await expect(page.locator('.signee .status').allInnerTexts()).resolves.toEqual(['Did not sign', 'Declined']);
    await expect(page.locator('#chosen').innerText()).resolves.toBe('This document can no longer be signed.');
    const refreshed = await t.http().post('/api/v2/document/refresh').set(credentials(sandbox)).send({ flow: id });
    expect(refreshed.body.data.doc.statusLog[1]).toMatchObject({
      status: 'rejected',
      reason: 'The rent in clause 2 is wrong',
    });
    for (const selector of ['#push', '#decline', 'input[name="signee"][value="0"]']) {
      await expect(page.locator(selector).isDisabled()).resolves.toBe(true);
    }

    await page.reload();
    await expect(page.locator('#document-status').getAttribute('data-status')).resolves.toBe('rejected');
    await expect(page.locator('input[name="signee"]:not([disabled])').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offers no decline to a real person: they decline in their app after the push, and the page follows', async () => {
    const real = { nin: '12345678902', name: 'Real Signee' };
    const phone = await enrolledDevice(t.app, t.http, real.nin);
    const { id, path } = await startReview(real);
    const { page, problems } = await open(path);

    await page.check('input[name="signee"][value="1"]');
    await expect(page.locator('#decline').isHidden()).resolves.toBe(true);
    await expect(page.locator('#sandbox-sign').isHidden()).resolves.toBe(true);
    await page.click('#push');
    await signeeStatus(page, 1, 'notified');
    expect((await phone.post(t.http, `/wallet/v1/flows/${id}/decline`)).status).toBe(201);
    await page.waitForSelector('#document-status[data-status="rejected"]', { timeout: 5000 });
    await expect(page.locator('#document-status').innerText()).resolves.toBe(
      'Declined by Real Signee. This document can no longer be signed.',
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('falls back to polling when the event stream is refused, and still follows the document', async () => {
    const { path } = await startReview();
    const page = await browser.newPage();
    await page.route('**/events', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector('body[data-following="polling"]');

    await t.http().post(`${path}/signees/0/sandbox-sign`).expect(200);
    await signeeStatus(page, 0, 'signed');
    await expect(page.locator('#document-status').innerText()).resolves.toBe('Waiting for signatures: 1 of 2 signed.');
    await page.close();
  });
});
