// Path segments that are capabilities: whoever holds a same-device link code can pick the flow up.
const SECRET_SEGMENTS = [/^(\/open\/)[^/?]+/];

/** The request path as logs may show it: no query string, and no secret path segments. */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  return SECRET_SEGMENTS.reduce((redacted, pattern) => redacted.replace(pattern, '$1[redacted]'), path);
}
