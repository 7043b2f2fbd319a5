/**
 * What a CSC base URI must be, in the words of both the admin API's refusal and the start's check of SIGNING_PROVIDERS.
 * It must also carry no credentials or fragment: idflow sends its own credentials, and appends the method's path.
 */
export const CSC_BASE_URL_RULE = 'an http(s) URL, the CSC API base URI (https://.../csc/v2)';

/** A CSC base URI idflow can call: an absolute http(s) URL without credentials or fragment. */
export function isCallableCscBaseUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.hash;
}
