import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { DevicesService } from '../src/devices/devices.service';
import { PasskeysService } from '../src/devices/passkeys.service';
import type { SandboxBootstrap } from '../src/sandbox/sandbox-bootstrap.service';
import { describeInBrowser, launchBrowser } from './support/browser';
import { completedDocument, downloadFile, sha256, startDocument } from './support/document-flows';
import { blankVideo, qrCodeVideo } from './support/fake-camera';
import { addPlatformAuthenticator } from './support/holder-app-page';
import { checkScreen } from './support/screen-check';
import { IntegratorClient, SAME_DEVICE_LOGIN } from './support/integrator-client';
import type { JsonBody } from './support/json-body';
import { FileHost, makePdf } from './support/pdf-fixtures';
import { decryptClaims, recordOf } from './support/released-claims';
import { bootstrapSandbox, credentials } from './support/sandbox-tenant';
import { startSigning } from './support/signing-flows';
import { TestApp, createListeningTestApp } from './support/test-app';
import { STRINGS } from '../libs/holder-app/src/strings';
import { eventually } from './support/waiting';

/** Run in the page: what the app keeps in IndexedDB (idb-keyval's default store), read without the app's code. */
const READ_STORED_DEVICE = `new Promise((resolve, reject) => {
  const open = indexedDB.open('keyval-store');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const read = open.result.transaction('keyval').objectStore('keyval').get('idflow-device');
    read.onsuccess = () => resolve({
      extractable: read.result.privateKey.extractable,
      curve: read.result.privateKey.algorithm.namedCurve,
      id: read.result.id,
      passkey: read.result.passkey,
    });
  };
})`;

/** The holder app at /app/ in Chromium: a person enrolls this browser, then answers what services ask, live. */
describeInBrowser('the holder app in Chromium', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let integrator: IntegratorClient;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;
  let nin: string;
  let authenticatorProtocol: CDPSession;
  let authenticatorId: string;
  let files: FileHost;
  /** What Chromium's fake camera shows: blank until a test puts a QR code before it. */
  const cameraDir = mkdtempSync(join(tmpdir(), 'idflow-camera-'));
  const cameraFile = join(cameraDir, 'camera.y4m');
  /** Every address the pages asked for, across the suite: the app must never reach beyond its own origin. */
  const requested: string[] = [];
  /** How many assertions the virtual authenticator has made with the passkey it holds. */
  const signCount = async () =>
    (await authenticatorProtocol.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0].signCount;

  beforeAll(async () => {
    // localhost, not 127.0.0.1: WebAuthn binds passkeys to a domain, never to an IP address.
    files = await FileHost.start();
    // The service fetches documents from the suite's file host on loopback, over plain http.
    t = await createListeningTestApp((origin) => ({
      BASE_URL: origin.replace('127.0.0.1', 'localhost'),
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
    }));
    baseUrl = t.config.BASE_URL;
    sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    writeFileSync(cameraFile, blankVideo());
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ]);
    context = await browser.newContext({ permissions: ['camera'] });
    context.on('request', (request) => requested.push(request.url()));
    page = await context.newPage();
    ({ protocol: authenticatorProtocol, authenticatorId } = await addPlatformAuthenticator(page));
    nin = sandbox.testPersons[1].nin;
  });
  afterAll(async () => {
    await browser?.close();
    await t.close();
    await files?.close();
    rmSync(cameraDir, { recursive: true, force: true });
  });

  const card = (flowId: string) => page.locator(`article[data-flow="${flowId}"]`);
  /** A login pushed to the person, once its card shows. */
  async function pushedLogin() {
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in',
    });
    const shown = card(flow.id);
    await shown.waitFor();
    return { flow, shown };
  }
  /** Waits for the answer's outcome, then dismisses it so that the next answer's is the only one shown. */
  /** A same-device flow handed to the app: its card shows on the bare app address, and approving completes it. */
  async function approveHandedFlow(flowId: string): Promise<void> {
    const shown = card(flowId);
    await shown.waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/app/');
    await shown.getByRole('button', { name: 'Approve' }).click();
    await expectOutcome('Approved');
    expect(await integrator.view(flowId)).toMatchObject({ status: 'completed', user: nin });
  }

  async function expectOutcome(text: string): Promise<void> {
    const shown = page.locator('#outcome .outcome', { hasText: text });
    await shown.waitFor();
    await shown.getByRole('button', { name: 'OK' }).click();
    await shown.waitFor({ state: 'detached' });
  }

  it('serves an installable shell under a strict policy: manifest, icons, protocol handler, service worker', async () => {
    const response = await page.goto(`${baseUrl}/app/`);
    expect(response?.status()).toBe(200);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSources?.trim()).toBe("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    const manifest = await (await t.http().get('/app/manifest.webmanifest').expect(200)).body;
    const parsed = typeof manifest === 'object' && !Buffer.isBuffer(manifest) ? manifest : JSON.parse(String(manifest));
    expect(parsed).toMatchObject({
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
      protocol_handlers: [{ protocol: 'web+idflow', url: '/app/?link=%s' }],
    });
    for (const icon of parsed.icons as Array<{ src: string; type: string }>) {
      const served = await t.http().get(icon.src).expect(200);
      expect(served.headers['content-type']).toBe(icon.type);
    }
    await expect(page.evaluate('navigator.serviceWorker.ready.then((ready) => ready.active.scriptURL)')).resolves.toBe(
      `${baseUrl}/app/sw.js`,
    );
  });

  it('refuses an unknown enrollment code with the service’s reason, and keeps the form', async () => {
    await page.goto(`${baseUrl}/app/`);
    await page.getByLabel('Enrollment code').fill('zzzz-zzzz-zzzz');
    await page.getByRole('button', { name: 'Enroll this device' }).click();
    await expect(page.locator('#enroll-error').innerText()).resolves.toBe(
      'The enrollment code is unknown, already used or expired',
    );
    await expect(page.getByLabel('Enrollment code').inputValue()).resolves.toBe('zzzz-zzzz-zzzz');
  });

  it('says within seconds that a browser without an authenticator cannot make a passkey, spending no code', async () => {
    const devices = t.app.get(DevicesService);
    const person = sandbox.testPersons[0].nin;
    const before = (await devices.activeDevicesOf(person, 'sandbox')).length;
    const { code } = await devices.issueEnrollmentCode(person, 'sandbox');
    // A browser of its own, with no virtual authenticator: as a desktop without a screen lock it can use.
    const bare = await browser.newContext();
    bare.on('request', (request) => requested.push(request.url()));
    try {
      const other = await bare.newPage();
      await other.goto(`${baseUrl}/app/`);
      await other.getByLabel('Enrollment code').fill(code);
      const missing = other.locator('#enroll-no-passkey');
      for (const attempt of ['first', 'retry']) {
        await other.getByRole('button', { name: 'Enroll this device' }).click();
        await missing.waitFor({ timeout: 5_000 });
        await expect(missing.locator('p').innerText()).resolves.toBe(STRINGS.enroll.noAuthenticator);
        await expect(other.getByRole('button', { name: 'Enroll this device' }).isEnabled()).resolves.toBe(true);
        expect({ attempt, devices: (await devices.activeDevicesOf(person, 'sandbox')).length }).toEqual({
          attempt,
          devices: before,
        });
      }
      // The code is still good: the person may go on without a passkey, and the inbox says what that means.
      await other.getByRole('button', { name: STRINGS.enroll.withoutPasskey }).click();
      await other.getByRole('heading', { name: 'Requests' }).waitFor();
      await expect(other.locator('#no-passkey').innerText()).resolves.toBe(STRINGS.inbox.noPasskey);
      const after = await devices.activeDevicesOf(person, 'sandbox');
      expect(after).toHaveLength(before + 1);
      await expect(other.evaluate<{ passkey: boolean; id: string }>(READ_STORED_DEVICE)).resolves.toMatchObject({
        id: after[after.length - 1].id,
        passkey: false,
      });
    } finally {
      await bare.close();
    }
  });

  it('enrolls with a one-time code: a non-extractable P-256 key kept in IndexedDB, the device known to the service', async () => {
    const devices = t.app.get(DevicesService);
    const before = (await devices.activeDevicesOf(nin, 'sandbox')).length;
    const { code } = await devices.issueEnrollmentCode(nin, 'sandbox');
    await page.goto(`${baseUrl}/app/`);
    await expect(checkScreen(page, 'holder-app', 'enroll')).resolves.toEqual([]);
    // The code scanned from its QR code, as an operator might hand it over printed: it fills the field.
    writeFileSync(cameraFile, qrCodeVideo(code));
    await page.getByRole('button', { name: STRINGS.scan.open }).click();
    const scanned = () => page.getByLabel('Enrollment code').inputValue();
    await eventually('the scanned code fills the field', async () => (await scanned()) === code, 10_000);
    await expect(page.locator('#scan-video').count()).resolves.toBe(0);
    await page.getByLabel('Name for this device').fill('Browser phone');
    await page.getByRole('button', { name: 'Enroll this device' }).click();
    await page.getByRole('heading', { name: 'Requests' }).waitFor();

    const after = await devices.activeDevicesOf(nin, 'sandbox');
    expect(after).toHaveLength(before + 1);
    expect(after[after.length - 1]).toMatchObject({ label: 'Browser phone', alg: 'ES256' });
    const stored = await page.evaluate<{ extractable: boolean; curve: string; id: string; passkey: boolean }>(
      READ_STORED_DEVICE,
    );
    const enrolled = after[after.length - 1];
    expect(stored).toEqual({ extractable: false, curve: 'P-256', id: enrolled.id, passkey: true });
    // The passkey lives in the authenticator, registered against the device: resident, as the options preferred.
    await expect(t.app.get(PasskeysService).hasPasskey(enrolled)).resolves.toBe(true);
    const { credentials } = await authenticatorProtocol.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
    await expect(page.locator('#no-passkey').count()).resolves.toBe(0);
    // The inbox is live: the device stream accepted the browser's proof.
    await expect(page.locator('#connection').getAttribute('data-connected')).resolves.toBe('true');
  });

  it('shows a pushed identification live, by readable labels, and releases only the claims left ticked', async () => {
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name', 'contact.email', 'bio.birthdate'],
      payload: 'Log in to the <b>shop</b>',
    });
    const shown = card(flow.id);
    await shown.waitFor();
    await expect(shown.getByRole('heading').innerText()).resolves.toBe('Sandbox app asks you to log in');
    await expect(shown.locator('.payload').innerText()).resolves.toBe('Log in to the <b>shop</b>');
    await expect(shown.locator('.verification .code').innerText()).resolves.toBe(flow.body.data.verificationCode);
    await expect(
      shown.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.parentElement?.textContent)),
    ).resolves.toEqual(['Full name', 'Email address', 'Date of birth']);
    await expect(checkScreen(page, 'holder-app', 'inbox')).resolves.toEqual([]);

    await shown.getByLabel('Date of birth').uncheck();
    const assertionsBefore = await signCount();
    await shown.getByRole('button', { name: 'Approve' }).click();
    await expectOutcome('Approved: the service has your answer.');
    // The approval asked the passkey, with user verification, for this flow's challenge.
    expect(await signCount()).toBe(assertionsBefore + 1);
    await shown.waitFor({ state: 'detached' });

    const done = await integrator.view(flow.id);
    expect(done).toMatchObject({ status: 'completed', user: nin });
    await expect(decryptClaims(sandbox.privateKey, done.claims)).resolves.toEqual(
      recordOf(nin, ['naming.name', 'contact.email']),
    );
  });

  it('approves nothing when the person fails the passkey’s user verification, and approves once they pass it', async () => {
    const { flow, shown } = await pushedLogin();
    await authenticatorProtocol.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    try {
      await shown.getByRole('button', { name: 'Approve' }).click();
      const refused = page.locator('#outcome .outcome.error');
      await refused.waitFor();
      await expect(checkScreen(page, 'holder-app', 'passkey-refused')).resolves.toEqual([]);
      await refused.getByRole('button', { name: 'OK' }).click();
    } finally {
      await authenticatorProtocol.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
    }
    const waiting = await integrator.view(flow.id);
    expect(waiting.status).toBe('active');
    expect(waiting.claims).toBeUndefined();

    await shown.getByRole('button', { name: 'Approve' }).click();
    await expectOutcome('Approved: the service has your answer.');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed' });
  });

  it('declines with a reason, and says so', async () => {
    const { flow, shown } = await pushedLogin();
    await shown.getByRole('button', { name: 'Decline' }).click();
    await shown.getByLabel('Reason (optional)').fill('I did not ask for this');
    await expect(checkScreen(page, 'holder-app', 'decline')).resolves.toEqual([]);
    await shown.getByRole('button', { name: 'Send decline' }).click();
    await expectOutcome('Declined: the service was told.');
    await shown.waitFor({ state: 'detached' });
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'rejected' });
  });

  it('signs a text with the device key, accepted by the service as the device’s signature', async () => {
    const flow = await startSigning(integrator, 'different-device', {
      nin,
      action: 'confirm',
      payload: 'I agree to the terms of 26 November',
    });
    const shown = card(flow.id);
    await shown.waitFor();
    await expect(shown.locator('.sign-text').innerText()).resolves.toBe('I agree to the terms of 26 November');
    await shown.getByRole('button', { name: 'Sign' }).click();
    await expectOutcome('Approved');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed' });
  });

  it('signs a document sent to the person, shown by its name, pages and SHA-256; /verify verifies the sealed copy', async () => {
    const pdf = await makePdf(2, 'Lease agreement');
    const created = await startDocument(integrator, 'signing', {
      to: [nin],
      file: { url: files.put('/lease.pdf', pdf), title: 'Lease agreement' },
      webhook: { host: 'https://shop.example/webhooks/idflow', reference: 'lease' },
    });
    const documentId = created.request.id as string;
    const shown = card(documentId);
    await shown.waitFor();
    await expect(shown.locator('.document-name').innerText()).resolves.toBe('Lease agreement');
    await expect(shown.getByText(STRINGS.flow.documentPages(2)).count()).resolves.toBe(1);
    await expect(shown.locator('.document code').innerText()).resolves.toBe(sha256(pdf));
    await expect(shown.locator('.document .signature').innerText()).resolves.toBe(STRINGS.flow.documentSignature.seal);
    await expect(checkScreen(page, 'holder-app', 'document')).resolves.toEqual([]);
    await shown.getByRole('button', { name: STRINGS.flow.sign }).click();
    await expectOutcome('Approved');

    const signed = await completedDocument(integrator, documentId);
    expect(signed).toMatchObject({ status: 'completed' });
    const download = await downloadFile(t.http, (signed.file as JsonBody).stamped as string);
    expect(download.status).toBe(200);
    const stamped = download.body as Buffer;
    const verified = await t.http().post('/verify').set('content-type', 'application/pdf').send(stamped).expect(200);
    expect(verified.body.data).toMatchObject({ result: 'verified' });
    expect(verified.body.data.seal).toMatchObject({ valid: true, coversWholeFile: true });
  });

  it('picks up a same-device flow handed to it by its link code, then approves it', async () => {
    const flow = await integrator.start('same-device', { action: 'login', claims: ['naming.name'], payload: 'Here' });
    await page.goto(`${baseUrl}/app/?code=${flow.linkCode}`);
    await approveHandedFlow(flow.id);
  });

  it('takes a same-device flow from its /open link in the browser it is installed in, then approves it', async () => {
    const flow = await integrator.start('same-device', { action: 'login', claims: ['naming.name'], payload: 'Opened' });
    const link: string = flow.body.data.link;
    expect(link).toBe(`${baseUrl}/open/${flow.linkCode}`);
    await page.goto(link);
    await approveHandedFlow(flow.id);
  });

  it('scans a wildcard flow’s animated QR code with the camera, picking it up, then approves it', async () => {
    // Before a code is in sight: the scanner shows the camera and reads nothing, and stops when asked.
    writeFileSync(cameraFile, blankVideo());
    await page.getByRole('button', { name: STRINGS.scan.open }).click();
    // The camera runs: the video has a frame to show.
    const videoState = () => page.locator('#scan-video').evaluate((video: { readyState: number }) => video.readyState);
    await eventually('the camera shows a frame', async () => (await videoState()) >= 2, 10_000);
    await expect(checkScreen(page, 'holder-app', 'scan')).resolves.toEqual([]);
    await page.getByRole('button', { name: STRINGS.scan.close }).click();
    await page.locator('#scan-video').waitFor({ state: 'detached' });

    const created = await integrator.create('wildcard', { ...SAME_DEVICE_LOGIN, seeds: 1 }).expect(201);
    const flowId: string = created.body.data.request.id;
    // The frame of this second, as the integrator's page would draw it, before the camera as a phone would see it.
    const { frame } = (
      await t.http().get('/api/v2/flow/qr').query({ request: flowId }).set(credentials(sandbox)).expect(200)
    ).body.data;
    writeFileSync(cameraFile, qrCodeVideo(frame));
    await page.getByRole('button', { name: STRINGS.scan.open }).click();
    await approveHandedFlow(flowId);
    // The camera stops with the scan: the scanner is closed and no video plays.
    await expect(page.locator('#scan-video').count()).resolves.toBe(0);
  });

  it('drops a flow from the inbox as soon as the service cancels it', async () => {
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Cancelled soon',
    });
    await card(flow.id).waitFor();
    expect((await integrator.cancel(flow.id)).status).toBe(201);
    await card(flow.id).waitFor({ state: 'detached' });
    await expect(page.locator('#inbox-empty').isVisible()).resolves.toBe(true);
  });

  it('drops a flow from the inbox when another of the person’s devices takes it', async () => {
    const flow = await integrator.start('different-device', {
      user: nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Taken elsewhere',
    });
    await card(flow.id).waitFor();
    expect((await integrator.simulate('scan', flow.id, { nin })).status).toBe(201);
    await card(flow.id).waitFor({ state: 'detached' });
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'active' });
  });

  it('offers a new passkey once an operator revoked this device’s, and approves with the new one', async () => {
    const { id } = await page.evaluate<{ id: string }>(READ_STORED_DEVICE);
    await t.app.get(PasskeysService).revoke(id);
    // The approval is refused, and the app, asking why, offers a new passkey.
    const { flow, shown } = await pushedLogin();
    await shown.getByRole('button', { name: 'Approve' }).click();
    await page.locator('#outcome .outcome.error').waitFor();
    const revoked = page.locator('#passkey-revoked');
    await revoked.waitFor();
    await expect(revoked.innerText()).resolves.toBe(STRINGS.inbox.passkeyRevoked);
    await expect(checkScreen(page, 'holder-app', 'passkey-revoked')).resolves.toEqual([]);
    await page.getByRole('button', { name: STRINGS.inbox.registerPasskey }).click();
    await page.locator('#passkey-outcome', { hasText: STRINGS.inbox.passkeyRegistered }).waitFor();
    await expect(revoked.count()).resolves.toBe(0);
    const [device] = (await t.app.get(DevicesService).activeDevicesOf(nin, 'sandbox')).filter((one) => one.id === id);
    await expect(t.app.get(PasskeysService).hasPasskey(device)).resolves.toBe(true);

    await page.locator('#outcome').getByRole('button', { name: 'OK' }).click();
    await shown.getByRole('button', { name: 'Approve' }).click();
    await expectOutcome('Approved: the service has your answer.');
    expect(await integrator.view(flow.id)).toMatchObject({ status: 'completed' });
  });

  it('shows a Web Push notice in the app’s own words, and opens the app on the flow it names', async () => {
    const { flow } = await pushedLogin();
    // No push service is reachable from this machine, so the notice is handed to the service worker as Chromium's
    // push service would, through the DevTools protocol; the server's side has its own suite (holder-push).
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    // Last in this suite: in Chromium, the tests after it found the page's virtual authenticator no longer enabled.
    const workers = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      workers.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const app = registrations.find(
          (registration) => registration.scopeURL === `${baseUrl}/app/` && !registration.isDeleted,
        );
        if (app) resolve(app.registrationId);
      }),
    );
    await workers.send('ServiceWorker.enable');
    await workers.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registered,
      data: JSON.stringify({ flow: flow.id }),
    });
    const shownNotice = `navigator.serviceWorker.ready.then((ready) => ready.getNotifications()).then((all) =>
      all.map((notice) => ({ title: notice.title, body: notice.body, flow: notice.data.flow })))`;
    type Notice = { title: string; body: string; flow: string };
    let notices: Notice[] = [];
    await eventually(
      'the service worker shows the notice',
      async () => (notices = await page.evaluate<Notice[]>(shownNotice)).length > 0,
      // Chromium starts the stopped worker to hand it the message: on a loaded machine that took more than 5 s once.
      15_000,
    );
    expect(notices).toEqual([{ title: STRINGS.notice.title, body: STRINGS.notice.body, flow: flow.id }]);
    await workers.detach();

    await page.goto(`${baseUrl}/app/?flow=${flow.id}`);
    await card(flow.id).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows what the person approved and declined, then removes the device, revoking it on the service', async () => {
    await page.goto(`${baseUrl}/app/`);
    await page.getByRole('button', { name: 'Show history' }).click();
    const history = page.locator('#history li');
    await history.first().waitFor();
    const texts = await history.allInnerTexts();
    expect(
      texts.some((text) => text.startsWith('Approved: Sandbox app, to log in') && text.includes('Shared: Full name')),
    ).toBe(true);
    expect(texts.some((text) => text.startsWith('Declined: Sandbox app'))).toBe(true);
    await expect(checkScreen(page, 'holder-app', 'history')).resolves.toEqual([]);

    const deviceId = (await page.evaluate<{ id: string }>(READ_STORED_DEVICE)).id;
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove this device' }).click();
    await page.getByLabel('Enrollment code').waitFor();
    await expect(t.app.get(DevicesService).findActive(deviceId)).resolves.toBeNull();
  });

  it('asked nothing of another origin on any screen above', () => {
    expect(requested.length).toBeGreaterThan(20);
    const elsewhere = requested.filter(
      (address) => !/^(data|blob):/.test(address) && new URL(address).origin !== baseUrl,
    );
    expect(elsewhere).toEqual([]);
  });
});
