import { createPrivateKey, webcrypto } from 'node:crypto';
import * as openid from 'openid-client';
import { CookieBrowser } from './cookie-browser';
import { type TestAgent, randomClientIp } from './test-app';

/** openid-client (panva's certified relying party), ESM-only, loaded as the service loads oidc-provider. */
export { openid };

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** An authorization request under way in one browser, on the login page it was sent to. */
export interface StartedLogin {
  browser: CookieBrowser;
  verifier: string;
  state: string;
  nonce: string;
  /** The login page's address, `/oidc/interaction/<uid>`. */
  pageUrl: string;
  pageHtml: string;
}

/**
 * The relying party's view of the provider, as any OIDC client configures it: from discovery alone, and the metadata
 * it registered (`id_token_signed_response_alg`, say).
 */
export async function discover(
  issuer: string,
  clientId: string,
  auth: { secret: string } | { privateKeyPem: string } | 'public',
  metadata: Partial<openid.ClientMetadata> = {},
): Promise<openid.Configuration> {
  const clientAuth =
    auth === 'public'
      ? openid.None()
      : 'secret' in auth
        ? openid.ClientSecretBasic(auth.secret)
        : openid.PrivateKeyJwt(await signingKeyOf(auth.privateKeyPem));
  // The relying party is a client of its own to the rate limit, as supertest agents of the test app are.
  const clientIp = randomClientIp();
  const send: openid.CustomFetch = (url, options) => fetch(url, withClientIp(options, clientIp));
  const config = await openid.discovery(new URL(issuer), clientId, metadata, clientAuth, {
    execute: [openid.allowInsecureRequests],
    [openid.customFetch]: send,
  });
  config[openid.customFetch] = send;
  return config;
}

function withClientIp(options: openid.CustomFetchOptions, clientIp: string) {
  return { ...options, headers: { ...options.headers, 'x-real-ip': clientIp } } as RequestInit;
}

/** The app's RSA private key (PKCS#8 PEM) as the Web Crypto key openid-client signs its client assertions with. */
async function signingKeyOf(privateKeyPem: string): Promise<openid.CryptoKey> {
  const der = createPrivateKey(privateKeyPem).export({ format: 'der', type: 'pkcs8' });
  return webcrypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
}

/** An authorization request as a relying party makes one: PKCE S256, state and nonce, and the URL to send a browser to. */
export async function authorizationRequest(
  config: openid.Configuration,
  parameters: Record<string, string> = {},
): Promise<{ url: URL; verifier: string; state: string; nonce: string }> {
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid naming contact',
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...parameters,
  });
  return { url, verifier, state, nonce };
}

/** The parameters of an authorization request, PKCE S256, state and nonce included, as a FAPI 2.0 app pushes them. */
export async function requestParameters(
  overrides: Record<string, string> = {},
): Promise<{ verifier: string; parameters: Record<string, string> & { state: string; nonce: string } }> {
  const verifier = openid.randomPKCECodeVerifier();
  const parameters = {
    redirect_uri: REDIRECT_URI,
    scope: 'openid naming',
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: openid.randomState(),
    nonce: openid.randomNonce(),
    ...overrides,
  };
  return { verifier, parameters };
}

/** Opens a fresh authorization request, in a fresh browser unless given one, up to the login page it is sent to. */
export async function startLogin(
  config: openid.Configuration,
  parameters: Record<string, string> = {},
  browser = new CookieBrowser(),
): Promise<StartedLogin> {
  const { url, verifier, state, nonce } = await authorizationRequest(config, parameters);
  const { url: pageUrl, response } = await browser.follow(url.href);
  if (!response || response.status !== 200) {
    throw new Error(`the login page ${pageUrl} answered ${response?.status}: ${await response?.text()}`);
  }
  return { browser, verifier, state, nonce, pageUrl, pageHtml: await response.text() };
}

/** The login page's progress, as its script polls it. */
export async function progressOf(login: StartedLogin): Promise<{ state: string; link?: string; redirectTo?: string }> {
  const response = await login.browser.request(`${login.pageUrl}/progress`);
  const body = (await response.json()) as { data: { state: string; link?: string; redirectTo?: string } };
  return body.data;
}

/** Polls the page as its script does until the login is over, then follows the browser back to the client. */
export async function returnToClient(login: StartedLogin): Promise<URL> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const progress = await progressOf(login);
    if (progress.redirectTo) {
      const { url } = await login.browser.follow(progress.redirectTo, REDIRECT_URI);
      return new URL(url);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the login never finished');
}

/** The person confirms on the provider's page the logout an app asked for (RP-initiated logout); answers the result. */
export async function confirmLogout(browser: CookieBrowser, logoutUrl: URL): Promise<Response> {
  const html = await (await browser.request(logoutUrl.href)).text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] as string;
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] as string;
  return browser.request(new URL(action, logoutUrl).href, { form: { xsrf, logout: 'yes' } });
}

/**
 * A test person acts on a login through the simulator: their virtual device scans the page's QR code, then approves
 * or declines. Answers the id of the login's flow.
 */
export async function actInSimulator(
  http: () => TestAgent,
  credentials: Record<string, string>,
  login: StartedLogin,
  nin: string,
  action: 'approve' | 'reject',
): Promise<string> {
  const { link } = await progressOf(login);
  const scanned = await http().post('/api/v2/sandbox/scan').set(credentials).send({ code: link, nin });
  if (scanned.status !== 201) throw new Error(`the scan answered ${scanned.status}: ${scanned.text}`);
  const flowId = scanned.body.data.request.id as string;
  await http().post(`/api/v2/sandbox/flows/${flowId}/${action}`).set(credentials).send({ nin }).expect(201);
  return flowId;
}
