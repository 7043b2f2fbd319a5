/**
 * The holder app's content security policy: only this origin's own files run, style and connect, no inline code at
 * all (the build emits none), no frames, no forms posted anywhere. Stricter than the rest of the service, since the app
 * holds a device key.
 */
export const HOLDER_APP_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
