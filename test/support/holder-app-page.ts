import type { CDPSession, Page } from 'playwright-core';

/**
 * A platform authenticator with user verification for the page, as a phone's screen lock, through Chromium's DevTools
 * protocol: the session and the authenticator's id, for a test that asks it more (its credentials, a failed check).
 */
export async function addPlatformAuthenticator(page: Page): Promise<{ protocol: CDPSession; authenticatorId: string }> {
  const protocol = await page.context().newCDPSession(page);
  await protocol.send('WebAuthn.enable');
  const { authenticatorId } = await protocol.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { protocol, authenticatorId };
}

/**
 * The person's phone: the holder app at BASE_URL/app/ in this page, enrolled with `code`, with a passkey made by a
 * platform authenticator that verifies the person. Answers how many assertions the passkey has made so far.
 */
export async function enrollHolderApp(
  page: Page,
  baseUrl: string,
  code: string,
): Promise<{ assertions: () => Promise<number> }> {
  const { protocol, authenticatorId } = await addPlatformAuthenticator(page);
  await page.goto(`${baseUrl}/app/`);
  await page.getByLabel('Enrollment code').fill(code);
  await page.getByRole('button', { name: 'Enroll this device' }).click();
  await page.getByRole('heading', { name: 'Requests' }).waitFor();
  await expect(page.locator('#no-passkey').count()).resolves.toBe(0);
  const assertions = async () =>
    (await protocol.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0].signCount;
  return { assertions };
}
