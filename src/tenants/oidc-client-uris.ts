import type { ValidationIssue } from '../common/errors/validation-issue';
import { registeredUrlProblem } from './redirect-uris';

/** The URLs an app registers for the OpenID provider to call: null where it registers none. */
interface OidcClientUris {
  backchannelLogoutUri: string | null;
  jwksUri: string | null;
}

/**
 * What is wrong with an app's back-channel logout URI (it receives logout tokens) and its `jwks_uri` (its keys for
 * `private_key_jwt`): https only, as both carry what an attacker on the path could use or change; empty when all is
 * well.
 */
export function oidcClientUriIssues(uris: OidcClientUris): ValidationIssue[] {
  return (['backchannelLogoutUri', 'jwksUri'] as const).flatMap((field) => {
    const uri = uris[field];
    const problem = uri === null ? undefined : registeredUrlProblem(uri);
    return problem ? [{ code: 'invalid_string', path: [field], message: `${uri} ${problem}` }] : [];
  });
}
