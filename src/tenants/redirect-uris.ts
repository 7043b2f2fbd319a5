import type { ValidationIssue } from '../common/errors/validation-issue';

export const MAX_REDIRECT_URIS = 20;
export const MAX_REDIRECT_URI_LENGTH = 2048;

// Plain http only where a developer runs the app on their own machine; a browser never leaves it then.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * What is wrong with a URL an app registers (a redirect URI, a notification endpoint): https only, plain http only on
 * the hosts given; undefined when nothing is.
 */
export function registeredUrlProblem(
  text: string,
  plainHttpHosts: ReadonlySet<string> = new Set(),
): string | undefined {
  if (text.length > MAX_REDIRECT_URI_LENGTH) return `is longer than ${MAX_REDIRECT_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (text.includes('#')) return 'must not have a fragment (#...)';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && plainHttpHosts.has(url.hostname)) return undefined;
  return plainHttpHosts.size > 0
    ? `must use https (plain http only for ${[...plainHttpHosts].join(' and ')})`
    : 'must use https';
}

/** What is wrong with a list of redirect URIs an app registers, one issue per offending entry; empty when all is well. */
export function redirectUriIssues(uris: readonly string[]): ValidationIssue[] {
  if (uris.length > MAX_REDIRECT_URIS) {
    return [
      {
        code: 'too_big',
        path: ['redirectUris'],
        message: `redirectUris may hold at most ${MAX_REDIRECT_URIS} URIs (${uris.length} given)`,
      },
    ];
  }
  return uris.flatMap((uri, index) => {
    const problem = registeredUrlProblem(uri, LOOPBACK_HOSTS);
    return problem ? [{ code: 'invalid_string', path: ['redirectUris', index], message: `${uri} ${problem}` }] : [];
  });
}
