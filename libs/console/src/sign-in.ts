import type { ConsoleSettings, Envelope, Session } from './admin-types';

/** The login under way, kept in this tab across the trip to the provider and back. */
interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
}

const PENDING = 'idflow-console-login';
const SESSION = 'idflow-console-session';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || body === null) {
    const envelope = body as Partial<Envelope<unknown>> & { error_description?: string };
    throw new Error(envelope?.reason ?? envelope?.error_description ?? `${response.status} ${response.statusText}`);
  }
  return body;
}

/** What the service says the console signs in with, and who approves its logins. */
export async function consoleSettings(): Promise<ConsoleSettings> {
  return json<ConsoleSettings>(await fetch('/console/settings.json', { cache: 'no-store' }));
}

async function provider(issuer: string): Promise<{ authorization_endpoint: string; token_endpoint: string }> {
  return json(await fetch(`${issuer}/.well-known/openid-configuration`));
}

/** Sends the browser to idflow's own OpenID provider: code flow, PKCE S256, state and nonce. */
export async function startSignIn(): Promise<void> {
  const { clientId, redirectUri, issuer } = await consoleSettings();
  const { authorization_endpoint } = await provider(issuer);
  const pending: PendingLogin = { verifier: randomText(), state: randomText(), nonce: randomText() };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const challenge = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier)));
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    code_challenge: base64url(challenge),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  }).toString();
  location.assign(url.href);
}

const nonceOf = (idToken: string): unknown =>
  (JSON.parse(atob(idToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { nonce?: unknown }).nonce;

/**
 * Ends a login the provider sent back here: the code becomes an ID token at the token endpoint, and the ID token an
 * operator's session of the admin API, which checks the token and whether this person is an operator. Undefined when
 * this page was not opened by a login.
 */
export async function finishSignIn(): Promise<Session | undefined> {
  const query = new URLSearchParams(location.search);
  if (!query.has('code') && !query.has('error')) return undefined;
  history.replaceState(null, '', location.pathname);
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as PendingLogin | null;
  sessionStorage.removeItem(PENDING);
  if (query.has('error')) throw new Error(query.get('error_description') ?? query.get('error') ?? 'Login refused');
  if (!pending || query.get('state') !== pending.state)
    throw new Error('This login was not started here; sign in again');
  const { clientId, redirectUri, issuer } = await consoleSettings();
  const { token_endpoint } = await provider(issuer);
  const tokens = await json<{ id_token: string }>(
    await fetch(token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: query.get('code') ?? '',
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: pending.verifier,
      }),
    }),
  );
  if (nonceOf(tokens.id_token) !== pending.nonce) throw new Error('The login answered another request; sign in again');
  const envelope = await json<Envelope<Session>>(
    await fetch('/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: tokens.id_token }),
    }),
  );
  const session = envelope.data as Session;
  sessionStorage.setItem(SESSION, JSON.stringify(session));
  return session;
}

/** The session this tab holds, while it lasts. */
export function storedSession(): Session | undefined {
  const session = JSON.parse(sessionStorage.getItem(SESSION) ?? 'null') as Session | null;
  return session && session.expiresAt * 1000 > Date.now() ? session : undefined;
}

export function forgetSession(): void {
  sessionStorage.removeItem(SESSION);
}
