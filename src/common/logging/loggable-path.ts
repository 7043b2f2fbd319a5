/**
 * Path segments that are capabilities or personal data: whoever holds a same-device link code can pick the flow up, a
 * stored file's key is the only protection of a signed PDF, a review link lets its holder read the document, and a NIN
 * identifies a person.
 */
const SECRET_SEGMENTS = [
  /^(\/open\/)[^/]+/,
  /^(\/files\/)[^/]+/,
  /^(\/review\/)[^/]+/,
  /^(\/admin\/persons\/[^/]+\/)[^/]+/,
];

/** The request path as logs may show it: no query string, and no secret path segments. The one place that decides. */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  return SECRET_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, '$1[redacted]'), path);
}
