import type { Browser, Locator, Page } from 'playwright-core';
import { OperatorsService } from '../../src/operators/operators.service';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { describeInBrowser, launchBrowser, waitForRedirect } from '../support/browser';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, credentials, enrolledDevice } from '../support/sandbox-tenant';
import { checkScreen } from '../support/screen-check';
import { SoftwarePasskey } from '../support/software-passkey';
import { SseClient } from '../support/sse-client';
import { TestApp, createListeningTestApp, randomClientIp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import type { TestDevice } from '../support/test-device';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/**
 * The console's settings and operations screens in Chromium, by keyboard: an app's OIDC, CIBA and EU wallet settings,
 * a consumer's signing providers, a person's passkeys, the seal and its timestamp authority, the trust list and the
 * connections held open. Each is
 * shown at 1280 px to an owner who makes a change and has one refused in the API's words, and at 360 px to a viewer
 * who sees no change button and whose change the API refuses.
 */
describeInBrowser(`the console's settings and operations screens in Chromium on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let owner: Page;
  let viewer: Page;
  let phone: TestDevice;
  const problems: string[] = [];
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);
  const ownerPerson = () => sandbox.testPersons[0];
  const phoneOwner = () => sandbox.testPersons[1];
  const viewerPerson = () => sandbox.testPersons[2];

  beforeAll(async () => {
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin, CONSOLE_ENVIRONMENT: 'sandbox' }));
    sandbox = await bootstrapSandbox(t.app);
    const operators = t.app.get(OperatorsService);
    await operators.add(ownerPerson().nin, ownerPerson().name, 'owner');
    await operators.add(viewerPerson().nin, viewerPerson().name, 'viewer');
    // A phone with a passkey, whose approvals then need the person's screen lock.
    phone = await enrolledDevice(t.app, t.http, phoneOwner().nin);
    const options = await phone.post(t.http, '/wallet/v1/devices/passkey/options');
    const passkey = new SoftwarePasskey(new URL(t.config.BASE_URL).origin);
    const registered = await phone.post(t.http, '/wallet/v1/devices/passkey', {
      credential: passkey.create(options.body.data.options),
    });
    expect(registered.status).toBe(201);
    browser = await launchBrowser();
    owner = await signedIn(await newPage(1280, 800), ownerPerson());
    viewer = await signedIn(await newPage(360, 740), viewerPerson());
    // Two sign-ins through idflow's own login page and a passkey, on a shared machine: more than one test's time.
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  async function newPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      extraHTTPHeaders: { 'x-real-ip': randomClientIp() },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(error.message));
    // A refused change is answered 4xx, which Chromium reports on its console: the refusals are what these tests make.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
    });
    return page;
  }

  async function signedIn(page: Page, person: { name: string }): Promise<Page> {
    const consoleUrl = `${t.config.BASE_URL}/console/`;
    await page.goto(consoleUrl);
    await press(page.getByRole('button', { name: 'Sign in with idflow' }));
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('button', { name: `Approve as ${person.name}` }).click();
    await waitForRedirect(page, consoleUrl);
    await page.locator('#signed-in-as', { hasText: person.name }).waitFor();
    return page;
  }

  /** Keyboard only: the control takes the focus as Tab would bring it there, and Enter acts on it. */
  async function press(control: Locator): Promise<void> {
    await control.focus();
    await control.page().keyboard.press('Enter');
  }

  async function type(field: Locator, text: string): Promise<void> {
    await field.focus();
    await field.page().keyboard.press('ControlOrMeta+A');
    await field.page().keyboard.press('Delete');
    await field.page().keyboard.type(text);
  }

  const section = (page: Page, name: string) =>
    press(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }));

  async function openSandboxApp(page: Page): Promise<void> {
    await section(page, 'Consumers');
    await press(page.getByRole('button', { name: 'Sandbox consumer', exact: true }));
    await press(page.getByRole('button', { name: 'Sandbox app', exact: true }));
    await page.getByRole('heading', { name: 'OIDC and CIBA settings of Sandbox app' }).waitFor();
  }

  /** Nothing wider than a phone's screen. */
  const fitsThePhone = (page: Page) =>
    expect(page.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(360);

  const sessionToken = (page: Page) =>
    page.evaluate<string>("JSON.parse(sessionStorage.getItem('idflow-console-session')).token");

  it("changes an app's OIDC and CIBA settings, and shows a change that would not hold together refused", async () => {
    await openSandboxApp(owner);
    await type(owner.getByLabel(/^Redirect URIs/), 'https://acme.example/auth/callback');
    await owner.getByLabel('CIBA delivery').selectOption('poll');
    await press(owner.getByRole('button', { name: 'Save settings of Sandbox app' }));
    await owner.locator('#settings-saved').waitFor();
    const saved = (await admin().get(`/admin/apps/${sandbox.appId}`).expect(200)).body.data;
    expect(saved).toMatchObject({ redirectUris: ['https://acme.example/auth/callback'], cibaDeliveryMode: 'poll' });
    await expect(checkScreen(owner, 'console-screens', 'app-settings')).resolves.toEqual([]);

    const publicClient = owner.getByLabel(/^Public client/);
    await publicClient.focus();
    await owner.keyboard.press('Space');
    await press(owner.getByRole('button', { name: 'Save settings of Sandbox app' }));
    await expect(owner.locator('#settings-refusal').innerText()).resolves.toBe('A public client cannot use CIBA');
    await expect(
      admin()
        .get(`/admin/apps/${sandbox.appId}`)
        .then((r) => r.body.data.publicClient),
    ).resolves.toBe(false);
    await expect(checkScreen(owner, 'console-screens', 'app-settings-refused')).resolves.toEqual([]);
  });

  it("registers and removes an app's EU wallet intended uses, and shows a claim no PID proves refused", async () => {
    await openSandboxApp(owner);
    const uses = owner.getByRole('table', { name: /^Registered intended uses/ });
    await type(owner.getByLabel(/^Name \(what wallet requests/), 'account-opening');
    await type(owner.getByLabel(/^Purpose/), 'To open your Acme account');
    await type(owner.getByLabel(/^Claims/), 'naming.given, naming.family');
    await press(owner.getByRole('button', { name: 'Register intended use' }));
    await uses.getByRole('cell', { name: 'account-opening', exact: true }).waitFor();
    await expect(uses.locator('tbody tr').innerText()).resolves.toContain('naming.given, naming.family');

    await type(owner.getByLabel(/^Name \(what wallet requests/), 'bank-check');
    await type(owner.getByLabel(/^Purpose/), 'To check your bank');
    await type(owner.getByLabel(/^Claims/), 'naming.given, financial.bvn');
    await press(owner.getByRole('button', { name: 'Register intended use' }));
    await expect(owner.locator('#intended-use-refusal').innerText()).resolves.toBe(
      "financial.bvn cannot be proved by an EU wallet's PID",
    );
    await expect(checkScreen(owner, 'console-screens', 'intended-uses')).resolves.toEqual([]);

    await type(owner.getByLabel(/^Name \(what wallet requests/), 'newsletter');
    await type(owner.getByLabel(/^Claims/), 'contact.email');
    await press(owner.getByRole('button', { name: 'Register intended use' }));
    await uses.getByRole('cell', { name: 'newsletter', exact: true }).waitFor();
    await press(owner.getByRole('button', { name: 'Remove intended use newsletter' }));
    await uses.getByRole('cell', { name: 'newsletter', exact: true }).waitFor({ state: 'detached' });
    const listed = (await admin().get(`/admin/apps/${sandbox.appId}/intended-uses`).expect(200)).body.data;
    expect(listed.intendedUses.map((use: { name: string }) => use.name)).toEqual(['account-opening']);
  });

  it("shows a person's passkeys beside their devices and revokes one, which the phone's next approval meets", async () => {
    await section(owner, 'Persons');
    await owner.getByLabel('Environment').selectOption('sandbox');
    await type(owner.getByLabel('National identification number'), phoneOwner().nin);
    await owner.keyboard.press('Enter');
    const passkeys = owner.locator('#passkeys tbody tr');
    await passkeys.first().waitFor();
    await expect(passkeys.count()).resolves.toBe(1);
    await expect(passkeys.first().innerText()).resolves.toContain(phone.id);
    await expect(checkScreen(owner, 'console-screens', 'passkeys')).resolves.toEqual([]);

    await press(owner.getByRole('button', { name: /^Revoke passkey of / }));
    await owner.getByRole('button', { name: /^Revoke passkey of / }).waitFor({ state: 'detached' });
    await expect(passkeys.first().locator('td').nth(3).innerText()).resolves.toMatch(/UTC$/);

    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const flow = await integrator.start('different-device', {
      user: phoneOwner().nin,
      action: 'login',
      claims: ['naming.name'],
      payload: 'Log in to Acme',
    });
    const challenge = await phone.post(t.http, `/wallet/v1/flows/${flow.id}/passkey-challenge`);
    expect({ status: challenge.status, reason: challenge.body.reason }).toEqual({
      status: 403,
      reason:
        "Passkey refused: this device's passkey was revoked: the holder registers a new one before approving again",
    });
    await expect(checkScreen(owner, 'console-screens', 'passkey-revoked')).resolves.toEqual([]);
  });

  it('shows the seal certificate, the timestamp authority, the trust list and the connections held open', async () => {
    const flow = await new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret }).start(
      'wildcard',
      { action: 'login', claims: ['naming.name'], seeds: 1, payload: 'Log in to Acme' },
    );
    const stream = await SseClient.open(
      `${t.config.BASE_URL}/api/v2/flow/sse?request=${flow.id}`,
      credentials(sandbox),
    );
    try {
      await stream.waitFor(1);
      await section(owner, 'Operations');
      await expect(owner.locator('#seal-certificate').innerText()).resolves.toContain("idflow's sandbox seal");
      await expect(owner.locator('#seal-certificate').innerText()).resolves.toContain(
        'none (TSA_URL is unset: seals carry no timestamp)',
      );
      await expect(owner.locator('#trust-list').innerText()).resolves.toContain('none configured');
      const perApp = owner.getByRole('table', { name: /^Per app/ });
      await perApp.getByRole('cell', { name: /^Sandbox app/ }).waitFor();
      await expect(perApp.locator('tbody tr').innerText()).resolves.toMatch(/Sandbox app.*\t1\t0$/s);
      await expect(checkScreen(owner, 'console-screens', 'operations')).resolves.toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("adds, checks and removes a consumer's signing providers, which a viewer sees without a change button", async () => {
    const secret = 'qtsp-client-secret-never-shown';
    const openConsumer = async (page: Page) => {
      await section(page, 'Consumers');
      await press(page.getByRole('button', { name: 'Sandbox consumer', exact: true }));
      await page.getByRole('heading', { name: 'Signing providers of Sandbox consumer' }).waitFor();
    };
    await openConsumer(owner);
    const providers = owner.getByRole('table', { name: /^Remote signing providers/ });
    await type(owner.getByLabel(/^Name \(letters/), 'acme-qtsp');
    await owner.getByLabel('Documents it signs').selectOption('production');
    await type(owner.getByLabel(/^CSC API base URL/), 'ftp://qtsp.example.com/csc/v2');
    await type(owner.getByLabel('OAuth2 client id'), 'acme');
    await type(owner.getByLabel(/^OAuth2 client secret/), secret);
    await press(owner.getByRole('button', { name: 'Add signing provider' }));
    await expect(owner.locator('#signing-provider-refusal').innerText()).resolves.toBe(
      'baseUrl must be an http(s) URL, the CSC API base URI (https://.../csc/v2)',
    );
    await expect(checkScreen(owner, 'console-screens', 'signing-provider-refused')).resolves.toEqual([]);

    // idflow's own address: the outbound guard refuses loopback here, so the check tells the problem in words.
    await type(owner.getByLabel(/^CSC API base URL/), `${t.config.BASE_URL}/csc/v2`);
    await press(owner.getByRole('button', { name: 'Add signing provider' }));
    await providers.getByRole('cell', { name: 'acme-qtsp', exact: true }).waitFor();
    await expect(providers.locator('tbody tr').innerText()).resolves.toMatch(/acme-qtsp\tproduction\t.*\tacme\tset\t/);
    await press(owner.getByRole('button', { name: 'Check signing provider acme-qtsp' }));
    await expect(owner.locator('#signing-provider-check').innerText()).resolves.toMatch(
      /^Signing provider acme-qtsp: info could not be reached/,
    );
    await expect(checkScreen(owner, 'console-screens', 'signing-providers')).resolves.toEqual([]);
    expect(await owner.content()).not.toContain(secret);

    await openConsumer(viewer);
    await viewer.getByRole('cell', { name: 'acme-qtsp', exact: true }).waitFor();
    await expect(viewer.getByRole('button', { name: /signing provider/ }).count()).resolves.toBe(0);
    await fitsThePhone(viewer);
    await expect(checkScreen(viewer, 'console-screens', 'viewer-signing-providers-phone')).resolves.toEqual([]);
    const path = `/admin/consumers/${sandbox.consumerId}/signing-providers/acme-qtsp`;
    const refused = await t
      .http()
      .delete(path)
      .set('authorization', `Bearer ${await sessionToken(viewer)}`)
      .expect(403);
    expect(refused.body.reason).toBe(`This change needs the operator role; ${viewerPerson().name} is viewer`);

    await press(owner.getByRole('button', { name: 'Remove signing provider acme-qtsp' }));
    await providers.getByRole('cell', { name: 'acme-qtsp', exact: true }).waitFor({ state: 'detached' });
    const listed = (await admin().get(`/admin/consumers/${sandbox.consumerId}/signing-providers`).expect(200)).body;
    expect(listed.data.signingProviders).toEqual([]);
  });

  it('shows a viewer every new screen on a phone, without a change button, and the API refuses their change', async () => {
    await openSandboxApp(viewer);
    const settings = viewer.locator('dl.settings');
    await expect(settings.innerText()).resolves.toContain('https://acme.example/auth/callback');
    await viewer.getByRole('cell', { name: 'account-opening', exact: true }).waitFor();
    await expect(
      viewer.getByRole('button', { name: /^(Save settings|Register intended use|Remove intended use)/ }).count(),
    ).resolves.toBe(0);
    await fitsThePhone(viewer);
    await expect(checkScreen(viewer, 'console-screens', 'viewer-app-settings-phone')).resolves.toEqual([]);

    await section(viewer, 'Persons');
    await viewer.getByLabel('Environment').selectOption('sandbox');
    await type(viewer.getByLabel('National identification number'), phoneOwner().nin);
    await viewer.keyboard.press('Enter');
    await viewer.locator('#passkeys tbody tr').first().waitFor();
    await expect(viewer.getByRole('button', { name: /^Revoke/ }).count()).resolves.toBe(0);
    await fitsThePhone(viewer);
    await expect(checkScreen(viewer, 'console-screens', 'viewer-passkeys-phone')).resolves.toEqual([]);

    await section(viewer, 'Operations');
    await viewer.locator('#connections-total').waitFor();
    await viewer.locator('#seal-certificate').waitFor();
    await fitsThePhone(viewer);
    await expect(checkScreen(viewer, 'console-screens', 'viewer-operations-phone')).resolves.toEqual([]);

    const token = await sessionToken(viewer);
    const refused = await t
      .http()
      .patch(`/admin/apps/${sandbox.appId}`)
      .set('authorization', `Bearer ${token}`)
      .send({ cibaDeliveryMode: 'off' })
      .expect(403);
    expect(refused.body.reason).toBe(`This change needs the operator role; ${viewerPerson().name} is viewer`);
    const passkeyRefused = await t
      .http()
      .post(`/admin/devices/${phone.id}/passkey/revoke`)
      .set('authorization', `Bearer ${token}`)
      .expect(403);
    expect(passkeyRefused.body.reason).toBe(`This change needs the owner role; ${viewerPerson().name} is viewer`);
  });
});
