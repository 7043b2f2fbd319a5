import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { CONSOLE_APP_IDS, CONSOLE_CONSUMER_ID } from '../../src/operators/console-client';
import { OperatorsService } from '../../src/operators/operators.service';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import type { WebhookDeliveryView } from '../../src/webhooks/webhook-delivery-view';
import { artifactPath, describeInBrowser, launchBrowser, waitForRedirect } from '../support/browser';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox, enrolledDevice } from '../support/sandbox-tenant';
import { checkScreen } from '../support/screen-check';
import { simulatedSigner, startSigning } from '../support/signing-flows';
import { TestApp, createListeningTestApp, randomClientIp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';
import { eventually } from '../support/waiting';
import { WebhookReceiver } from '../support/webhook-receiver';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/** The most script one page of the console may load. */
const SCRIPT_BUDGET = 100 * 1024;

/**
 * The operator console at /console/ in Chromium: operators sign in with idflow itself (the console's own client, made
 * on first use, approved in the sandbox simulator) and run the deployment through the admin API, by keyboard.
 */
describeInBrowser(`the operator console in Chromium on ${dialect}`, () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let owner: Page;
  let consoleUrl: string;
  /** Script errors and console errors (a CSP violation, say) of every page, expected to be none. */
  const problems: string[] = [];
  const admin = () => t.http().set('authorization', `Bearer ${ADMIN_TOKEN}`);

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createListeningTestApp((origin) => ({
      BASE_URL: origin,
      // Operators are the sandbox's test persons, so the simulator approves their logins.
      CONSOLE_ENVIRONMENT: 'sandbox',
      ALLOW_PRIVATE_URLS: 'true',
      ALLOW_INSECURE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1',
    }));
    consoleUrl = `${t.config.BASE_URL}/console/`;
    sandbox = await bootstrapSandbox(t.app);
    // The first operator, named as `operator:add` names them.
    await t.app.get(OperatorsService).add(sandbox.testPersons[0].nin, sandbox.testPersons[0].name, 'owner');
    browser = await launchBrowser();
    owner = await newPage(1280, 800);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  async function newPage(width: number, height: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      acceptDownloads: true,
      // A client of its own to the rate limit, which suites sharing Redis count together.
      extraHTTPHeaders: { 'x-real-ip': randomClientIp() },
    });
    const page = await context.newPage();
    // Well within the test's own timeout, so a missing element fails with its own message.
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    return page;
  }

  /** Keyboard only: the control takes the focus as Tab would bring it there, and Enter acts on it. */
  async function press(control: Locator): Promise<void> {
    await control.focus();
    await control.page().keyboard.press('Enter');
  }

  async function type(field: Locator, text: string): Promise<void> {
    await field.focus();
    await field.page().keyboard.type(text);
  }

  /** Through idflow's own login page and back: the simulator approves as the test person. */
  async function logIn(page: Page, person: { name: string }): Promise<void> {
    await page.goto(consoleUrl);
    await press(page.getByRole('button', { name: 'Sign in with idflow' }));
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('button', { name: `Approve as ${person.name}` }).click();
    await waitForRedirect(page, consoleUrl);
  }

  async function signIn(page: Page, person: { name: string }): Promise<void> {
    await logIn(page, person);
    await page.locator('#signed-in-as', { hasText: person.name }).waitFor();
  }

  const section = (page: Page, name: string) =>
    press(page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }));

  it("makes idflow's own console client on first use, a public client returning to the console", async () => {
    const settings = await t.http().get('/console/settings.json').expect(200);
    expect(settings.body).toEqual({
      clientId: CONSOLE_APP_IDS.sandbox,
      redirectUri: consoleUrl,
      issuer: `${t.config.BASE_URL}/oidc`,
      environment: 'sandbox',
    });
    const apps = (await admin().get('/admin/apps').query({ consumerId: CONSOLE_CONSUMER_ID }).expect(200)).body.data;
    expect(apps.apps).toEqual([
      expect.objectContaining({ appId: CONSOLE_APP_IDS.sandbox, name: 'idflow console', environment: 'sandbox' }),
    ]);
  });

  it('serves each page under a strict policy and well under the script budget', async () => {
    const shell = await t.http().get('/console/').expect(200);
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers['content-security-policy']).toContain("connect-src 'self'");
    const scripts = [...shell.text.matchAll(/src="(\/console\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(
      scripts.map(async (src) => Buffer.byteLength((await t.http().get(src).expect(200)).text)),
    );
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(SCRIPT_BUDGET);
  });

  it('signs the first operator in with idflow, who makes a consumer, an app and a key, sees it once and revokes it', async () => {
    const person = sandbox.testPersons[0];
    await signIn(owner, person);
    await expect(checkScreen(owner, 'console', 'consumers')).resolves.toEqual([]);

    await type(owner.getByLabel("New consumer's name"), 'Acme Bank');
    await owner.keyboard.press('Enter');
    await owner.getByRole('heading', { name: 'Apps of Acme Bank' }).waitFor();
    await type(owner.getByLabel("New app's name"), 'Acme web');
    await owner.keyboard.press('Enter');
    await owner.locator('#app-secrets').waitFor();
    await expect(owner.locator('#app-secrets').innerText()).resolves.toMatch(/snb_\w+/);
    await press(owner.getByRole('button', { name: 'I have copied them' }));
    await expect(owner.locator('#app-secrets').count()).resolves.toBe(0);

    await press(owner.getByRole('button', { name: 'Create API key' }));
    const apiKey = await owner.locator('#new-api-key').innerText();
    expect(apiKey).toMatch(/^bk-test_[0-9A-Za-z]{40}$/);
    await expect(checkScreen(owner, 'console', 'key-shown-once')).resolves.toEqual([]);
    await t.http().get('/api/health/check').set('x-api-key', apiKey).expect(200);
    await press(owner.getByRole('button', { name: 'I have copied it' }));
    await expect(owner.locator('body').innerText()).resolves.not.toContain(apiKey);

    await press(owner.getByRole('button', { name: /^Revoke key / }));
    await owner.getByRole('button', { name: /^Revoke key / }).waitFor({ state: 'detached' });
    const refused = await t.http().get('/api/health/check').set('x-api-key', apiKey).expect(401);
    expect(refused.body.status).toBe('failed');
    await expect(checkScreen(owner, 'console', 'key-revoked')).resolves.toEqual([]);

    await press(owner.getByRole('button', { name: 'Rotate the app secret of Acme web' }));
    await expect(owner.locator('#new-app-secret').innerText()).resolves.toMatch(/^snb_[0-9A-Za-z]{40}$/);
    await press(owner.getByRole('button', { name: 'I have copied it' }));
  });

  it('redelivers a failed webhook from the console, and it arrives', async () => {
    const reference = 'console-redelivery';
    // Both attempts the schedule allows fail; the third, from the console, is taken.
    receiver.answer(reference, (earlier) => ({ status: earlier < 2 ? 500 : 204 }));
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    const nin = sandbox.testPersons[1].nin;
    const flow = await startSigning(integrator, 'different-device', {
      nin,
      action: 'sign',
      payload: 'Redelivered from the console',
      webhook: { host: receiver.url, reference },
    });
    await simulatedSigner(integrator, nin).sign(flow.id);
    const deliveries = `/admin/apps/${sandbox.appId}/webhook-deliveries`;
    await eventually(
      'the delivery failed',
      async () => {
        const listed = (await admin().get(deliveries).expect(200)).body.data.deliveries as WebhookDeliveryView[];
        return listed.find((delivery) => delivery.reference === reference)?.status === 'failed';
      },
      15_000,
    );

    await section(owner, 'Consumers');
    await press(owner.getByRole('button', { name: 'Sandbox consumer' }));
    await press(owner.getByRole('button', { name: 'Sandbox app' }));
    const row = owner.locator('tr', { hasText: reference });
    await expect(row.locator('td.status-failed').innerText()).resolves.toBe('failed');
    await expect(checkScreen(owner, 'console', 'webhook-failed')).resolves.toEqual([]);
    await press(row.getByRole('button', { name: /^Redeliver / }));

    const [arrived] = (await receiver.waitFor(reference, 3)).slice(-1);
    expect(arrived.answered).toBe(204);
    await eventually(
      'the console shows the delivery succeeded',
      async () => {
        await press(owner.getByRole('button', { name: 'Refresh deliveries' }));
        return (await row.locator('td').nth(2).innerText()) === 'succeeded';
      },
      10_000,
    );

    // The flow search shows where the flow stands and its timeline, and nothing of whose it is.
    await section(owner, 'Flows');
    await type(owner.getByLabel('Flow id or webhook reference'), reference);
    await owner.keyboard.press('Enter');
    const found = owner.locator(`article[data-flow="${flow.id}"]`);
    await expect(found.locator('h3').innerText()).resolves.toBe(`${flow.id}: completed`);
    await expect(found.locator('.timeline').innerText()).resolves.toContain(
      'webhook signing.completed: succeeded after 3 attempt(s)',
    );
    await expect(found.innerText()).resolves.not.toContain(nin);
    await expect(checkScreen(owner, 'console', 'flow-search')).resolves.toEqual([]);
  });

  it('lets the owner name a viewer, who reads without a change button and whose changes the API refuses', async () => {
    const viewerPerson = sandbox.testPersons[2];
    await section(owner, 'Operators');
    await type(owner.getByLabel('National identification number'), viewerPerson.nin);
    await type(owner.getByLabel('Name', { exact: true }), viewerPerson.name);
    await owner.getByLabel('Role').selectOption('viewer');
    await press(owner.getByRole('button', { name: 'Add operator' }));
    await owner.getByRole('cell', { name: viewerPerson.name, exact: true }).waitFor();
    await expect(checkScreen(owner, 'console', 'operators')).resolves.toEqual([]);

    // A phone-sized screen: nothing wider than it.
    const viewer = await newPage(360, 740);
    await signIn(viewer, viewerPerson);
    await viewer.getByRole('cell', { name: 'Acme Bank' }).waitFor();
    await expect(viewer.getByRole('button', { name: 'Create consumer' }).count()).resolves.toBe(0);
    await press(viewer.getByRole('button', { name: 'Acme Bank' }));
    await press(viewer.getByRole('button', { name: 'Acme web' }));
    await viewer.getByRole('heading', { name: 'API keys of Acme web' }).waitFor();
    await expect(
      viewer.getByRole('button', { name: /^(Create app|Create API key|Revoke|Redeliver|Rotate)/ }).count(),
    ).resolves.toBe(0);
    await expect(viewer.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(360);
    await expect(checkScreen(viewer, 'console', 'viewer-phone')).resolves.toEqual([]);
    await section(viewer, 'Operators');
    await viewer.getByRole('cell', { name: `${viewerPerson.name} (you)` }).waitFor();
    await expect(viewer.getByRole('button', { name: 'Add operator' }).count()).resolves.toBe(0);

    const session = await viewer.evaluate<{ token: string }>(
      "JSON.parse(sessionStorage.getItem('idflow-console-session'))",
    );
    const refused = await t
      .http()
      .post('/admin/consumers')
      .set('authorization', `Bearer ${session.token}`)
      .send({ name: 'Not allowed' })
      .expect(403);
    expect(refused.body.reason).toBe(`This change needs the operator role; ${viewerPerson.name} is viewer`);
    await viewer.context().close();
  });

  it('lists each change in the audit log with its operator, exports it, and charts usage per consumer', async () => {
    const ownerName = sandbox.testPersons[0].name;
    const phoneOwner = sandbox.testPersons[1].nin;
    await enrolledDevice(t.app, t.http, phoneOwner);
    await section(owner, 'Persons');
    await owner.getByLabel('Environment').selectOption('sandbox');
    await type(owner.getByLabel('National identification number'), phoneOwner);
    await owner.keyboard.press('Enter');
    const devices = owner.locator('tbody tr');
    await devices.nth(1).waitFor();
    await expect(devices.count()).resolves.toBe(2);
    const revokeButtons = owner.getByRole('button', { name: /^Revoke device / });
    await press(revokeButtons.last());
    // The phone's row loses its button once the list is read again with the device revoked.
    await revokeButtons.nth(1).waitFor({ state: 'detached' });
    await expect(devices.last().locator('td').nth(3).innerText()).resolves.toMatch(/UTC$/);
    await expect(checkScreen(owner, 'console', 'person-devices')).resolves.toEqual([]);

    await section(owner, 'Audit log');
    const log = owner.locator('#audit-log tbody');
    await log.locator('tr').first().waitFor();
    for (const action of [
      'POST /admin/consumers',
      'POST /admin/apps',
      `POST /admin/apps/:appId/keys`,
      'POST /admin/keys/:keyId/revoke',
      'POST /admin/apps/:appId/rotate-secret',
      'POST /admin/devices/:deviceId/revoke',
      'POST /admin/apps/:appId/webhook-deliveries/:deliveryId/redeliver',
      'POST /admin/operators',
    ]) {
      const done = log.locator('tr', { hasText: action }).filter({ hasText: ownerName });
      await expect(done.first().innerText()).resolves.toMatch(/\t201$/);
    }
    const viewerName = sandbox.testPersons[2].name;
    await expect(log.locator('tr', { hasText: viewerName }).first().innerText()).resolves.toMatch(/\t403$/);
    await expect(checkScreen(owner, 'console', 'audit-log')).resolves.toEqual([]);

    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      press(owner.getByRole('button', { name: 'Export as JSON lines' })),
    ]);
    const saved = artifactPath('console/idflow-audit.jsonl');
    await download.saveAs(saved);
    const lines = readFileSync(saved, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((entry) => entry.action)).toContain('POST /admin/consumers');

    await section(owner, 'Usage');
    await owner.getByRole('img', { name: /^Calls per consumer and month/ }).waitFor();
    await expect(owner.locator('figcaption').innerText()).resolves.toContain('Sandbox consumer');
    await expect(checkScreen(owner, 'console', 'usage')).resolves.toEqual([]);
  });

  it("shows a refused sign-in in the API's words", async () => {
    const stranger = await newPage(1280, 800);
    await logIn(stranger, sandbox.testPersons[1]);
    await stranger.locator('#sign-in-problem').waitFor();
    await expect(stranger.locator('#sign-in-problem').innerText()).resolves.toBe(
      'This person is not an operator of this deployment',
    );
    // Chromium reports the refused sign-in's answer on its console: that refusal is what this test expects.
    problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('status of 403')));
    await expect(checkScreen(stranger, 'console', 'sign-in-refused')).resolves.toEqual([]);
    await stranger.context().close();
  });
});
