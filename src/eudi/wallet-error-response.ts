import { UnreadableResponseError } from './errors/unreadable-response.error';

/** RFC 6749 4.1.2.1: `error` and `error_description` are printable ASCII without `"` and `\`. */
const OAUTH_ERROR_TEXT = /^[\x20\x21\x23-\x5B\x5D-\x7E]+$/;
const MAX_ERROR_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 300;

/**
 * The refusal a wallet's own error response states (OpenID4VP 1.0 8.5: `error`, optionally `error_description`, and the
 * request's `state`, in the encrypted response), or undefined for a response that carries no `error`. A response with
 * an `error` of any other shape, or with a `vp_token` beside it, is neither a refusal nor a presentation: refused
 * without touching the flow.
 */
export function walletRefusalOf(response: Record<string, unknown>): string | undefined {
  const { error, error_description: description } = response;
  if (error === undefined) return undefined;
  if (response.vp_token !== undefined) {
    throw new UnreadableResponseError('The response carries both an error and a vp_token: it is neither');
  }
  if (!isOauthText(error, MAX_ERROR_LENGTH)) {
    throw new UnreadableResponseError(`The error must be an OAuth error code of 1 to ${MAX_ERROR_LENGTH} characters`);
  }
  if (description !== undefined && !isOauthText(description, MAX_DESCRIPTION_LENGTH)) {
    throw new UnreadableResponseError(
      `The error_description must be 1 to ${MAX_DESCRIPTION_LENGTH} printable ASCII characters, without " or \\`,
    );
  }
  return description === undefined ? `The wallet refused: ${error}` : `The wallet refused: ${error} (${description})`;
}

function isOauthText(value: unknown, maxLength: number): value is string {
  return typeof value === 'string' && value.length <= maxLength && OAUTH_ERROR_TEXT.test(value);
}
