import type { Browser, Locator, Page } from 'playwright-core';
import { CONSOLE_APP_IDS } from '../../src/operators/console-client';
import { describeInBrowser, launchBrowser, waitForRedirect } from '../support/browser';
import { runCli, unexpectedLogLines } from '../support/operator-cli';
import { enrollHolderApp } from '../support/holder-app-page';
import { checkScreen } from '../support/screen-check';
import { TestApp, createListeningTestApp, randomClientIp } from '../support/test-app';
import { ADMIN_TOKEN } from '../support/test-config';

const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';

/** A production person, as an operator registers them: NIN and name, nothing synthetic. */
interface Person {
  nin: string;
  name: string;
}

const OWNER: Person = { nin: '19840512-OWNR', name: 'Ada Operator' };
const STRANGER: Person = { nin: '19910203-STRG', name: 'Sam Stranger' };

/** Each test starts the compiled CLI two or three times, each a Nest application of its own: slow on a busy machine. */
const SIGN_IN_TIMEOUT = 120_000;

/**
 * The console's sign-in as a production deployment has it, with no simulator: the first operator is named by the
 * compiled CLI, enrolls the holder app with a passkey in Chromium (a virtual authenticator with user verification, as
 * a phone's screen lock), and approves the console's login there. Every step an operator takes is a command or a click.
 */
describeInBrowser(`signing in to the console with the holder app and a passkey on ${dialect}`, () => {
  let t: TestApp;
  let browser: Browser;
  let consoleUrl: string;
  /** The first operator's console, signed in, for the tests after the first. */
  let ownerConsole: Page;
  /** Script errors and console errors (a CSP violation, say) of every page, expected to be none. */
  const problems: string[] = [];

  beforeAll(async () => {
    // localhost, not 127.0.0.1: WebAuthn binds passkeys to a domain, never to an IP address. CONSOLE_ENVIRONMENT is
    // left at its default, production.
    t = await createListeningTestApp((origin) => ({ BASE_URL: origin.replace('127.0.0.1', 'localhost') }));
    consoleUrl = `${t.config.BASE_URL}/console/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(() => expect(problems).toEqual([]));

  /** One command of the compiled CLI, as its own process, answered as JSON. */
  async function cli<T>(...args: string[]): Promise<T> {
    const run = await runCli(t.config, [...args, '--json']);
    expect({ code: run.code, stderr: unexpectedLogLines(run) }).toEqual({ code: 0, stderr: [] });
    return JSON.parse(run.stdout) as T;
  }

  /**
   * A browser of the person's own (a phone, a laptop): its own cookies, storage and client IP. The console's pages are
   * watched for errors; the holder app's are not, as Chromium's headless contexts refuse its Web Push subscription.
   */
  async function newPage(width: number, height: number, watched = true): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height },
      extraHTTPHeaders: { 'x-real-ip': randomClientIp() },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    if (!watched) return page;
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    return page;
  }

  /** Keyboard only: the control takes the focus as Tab would bring it there, and Enter acts on it. */
  async function press(control: Locator): Promise<void> {
    await control.focus();
    await control.page().keyboard.press('Enter');
  }

  /** The person's phone: the holder app enrolled with the code the CLI issued, with a passkey. */
  async function holderApp(code: string) {
    const phone = await newPage(360, 740, false);
    return { phone, ...(await enrollHolderApp(phone, t.config.BASE_URL, code)) };
  }

  /** A production person with a digital ID: registered and issued an enrollment code by the CLI, enrolled on a phone. */
  async function personWithHolderApp(person: Person) {
    await cli('person:create', '--nin', person.nin, '--env', 'production', '--name', person.name);
    const { code } = await cli<{ code: string }>('device:enrollment-code', '--nin', person.nin, '--env', 'production');
    return holderApp(code);
  }

  /**
   * On the computer: the console sends the browser to idflow's login page, where the person has the login sent to
   * their app; on the phone they approve it, which asks the passkey; the computer comes back to the console.
   */
  async function signIn(computer: Page, person: Person, phone: Page): Promise<void> {
    await computer.goto(consoleUrl);
    await computer.getByText('approve the login in your digital-ID app').waitFor();
    await press(computer.getByRole('button', { name: 'Sign in with idflow' }));
    await computer.waitForURL(/\/oidc\/interaction\//);
    await expect(computer.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Log in to idflow console');
    // A production login page offers no test person to approve as.
    await expect(computer.getByRole('button', { name: /^Approve as / }).count()).resolves.toBe(0);
    await computer.getByLabel('Your NIN').fill(person.nin);
    await press(computer.getByRole('button', { name: 'Send to my app' }));
    const shownCode = computer.locator('#verification-code');
    await shownCode.waitFor();
    const code = await shownCode.innerText();

    const login = phone.locator('article[data-flow]', { hasText: 'idflow console' });
    await login.waitFor();
    await expect(login.locator('.verification .code').innerText()).resolves.toBe(code);
    await login.getByRole('button', { name: 'Approve' }).click();
    const outcome = phone.locator('#outcome .outcome', { hasText: 'Approved' });
    await outcome.waitFor();
    await outcome.getByRole('button', { name: 'OK' }).click();
    await waitForRedirect(computer, consoleUrl);
  }

  it(
    'names the first operator with the CLI, who signs in by approving in the holder app with a passkey',
    async () => {
      const { phone, assertions } = await personWithHolderApp(OWNER);
      const named = await cli<{ id: string; role: string }>(
        'operator:add',
        '--nin',
        OWNER.nin,
        '--name',
        OWNER.name,
        '--role',
        'owner',
      );
      expect(named).toMatchObject({ id: expect.stringMatching(/^op_/), role: 'owner' });

      // idflow's own console client, a production app: no simulator answers its logins.
      const settings = await t.http().get('/console/settings.json').expect(200);
      expect(settings.body).toMatchObject({ clientId: CONSOLE_APP_IDS.production, environment: 'production' });
      const computer = await newPage(1280, 800);
      const before = await assertions();
      await signIn(computer, OWNER, phone);
      await expect(computer.locator('#signed-in-as').innerText()).resolves.toBe(`${OWNER.name} owner`);
      // The approval asked the passkey, with user verification, for this login's flow.
      expect(await assertions()).toBe(before + 1);
      await computer.getByRole('heading', { name: 'Consumers' }).waitFor();
      await expect(checkScreen(computer, 'console-sign-in', 'signed-in')).resolves.toEqual([]);
      ownerConsole = computer;
      await phone.context().close();
    },
    SIGN_IN_TIMEOUT,
  );

  it(
    'refuses a person with a digital ID who is not an operator, in words on the page',
    async () => {
      const { phone } = await personWithHolderApp(STRANGER);
      // A phone-sized screen for the computer too: the refusal fits it.
      const computer = await newPage(360, 740);
      await signIn(computer, STRANGER, phone);
      const refusal = computer.locator('#sign-in-problem');
      await expect(refusal.innerText()).resolves.toBe('This person is not an operator of this deployment');
      await expect(computer.getByRole('button', { name: 'Sign in with idflow' }).isEnabled()).resolves.toBe(true);
      await expect(computer.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(360);
      // Chromium reports the refused sign-in's answer on its console: that refusal is what this test expects.
      problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('status of 403')));
      await expect(checkScreen(computer, 'console-sign-in', 'refused')).resolves.toEqual([]);
      await computer.context().close();
      await phone.context().close();
    },
    SIGN_IN_TIMEOUT,
  );

  it('shows the audit log a page at a time, newest first, and older pages as the operator asks', async () => {
    // Sixty refused changes by the automation token, each an entry: more than one page of the console's fifty.
    for (let attempt = 0; attempt < 60; attempt++) {
      await t.http().post('/admin/consumers').set('authorization', `Bearer ${ADMIN_TOKEN}`).send({}).expect(400);
    }
    const everything = await t.http().get('/admin/audit/export').set('authorization', `Bearer ${ADMIN_TOKEN}`);
    const total = everything.text.trimEnd().split('\n').length;
    expect(total).toBeGreaterThan(60);

    await press(ownerConsole.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Audit log' }));
    const rows = ownerConsole.locator('#audit-log tbody tr');
    const shown = ownerConsole.locator('#audit-shown');
    await shown.filter({ hasText: 'entries shown' }).waitFor();
    await expect(shown.innerText()).resolves.toBe('50 entries shown');
    await expect(rows.count()).resolves.toBe(50);
    await expect(rows.first().innerText()).resolves.toMatch(/\tadmin-token\tPOST \/admin\/consumers\t400$/);
    await expect(checkScreen(ownerConsole, 'console-sign-in', 'audit-first-page')).resolves.toEqual([]);

    await press(ownerConsole.getByRole('button', { name: 'Show older entries' }));
    await shown.filter({ hasText: 'the whole log' }).waitFor();
    await expect(shown.innerText()).resolves.toBe(`${total} entries shown: the whole log`);
    await expect(ownerConsole.getByRole('button', { name: 'Show older entries' }).count()).resolves.toBe(0);
    // The oldest entries are the CLI's: the persons registered, the codes issued, the first operator named.
    await expect(rows.last().innerText()).resolves.toMatch(/\tcli\tperson:create\t200$/);
    await expect(ownerConsole.locator('#audit-log tbody tr', { hasText: 'operator:add' }).count()).resolves.toBe(1);
    await ownerConsole.context().close();
  });
});
