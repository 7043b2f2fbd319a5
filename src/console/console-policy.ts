/**
 * The console's content security policy: only this origin's own files run, style and connect, no inline code (the
 * build emits none), no frames, no forms posted anywhere. An operator's session can change every tenant, so the page
 * is held as tightly as the holder app.
 */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
