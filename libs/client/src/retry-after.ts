/**
 * The seconds a `Retry-After` header asks for: a number of seconds or an HTTP date (RFC 9110 section 10.2.3); undefined
 * when the header is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  // Every HTTP date names its month in letters: that keeps numbers such as `-5` from reading as years.
  const at = /[A-Za-z]/.test(header) ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
