import type { AuthOptions } from './auth-options';

/** The credentials one version of one operation takes. */
export type CredentialRule = Pick<AuthOptions, 'credentials' | 'optional'>;

const key: CredentialRule = { credentials: ['key'] };
const keySecret: CredentialRule = { credentials: ['key', 'secret'] };
const keyToken: CredentialRule = { credentials: ['key', 'token'] };

/**
 * The credential tables of spec sections 4.4 and 5, v1 included, in one place. Routes spread the entry for their
 * category into `@Auth(...)` so the headers a route needs are never decided twice.
 */
export const ROUTE_CREDENTIALS = {
  system: key,
  identification: {
    v2: { sameDevice: keySecret, differentDevice: keySecret, wildcard: key },
    v1: { sameDevice: keySecret, differentDevice: keyToken, wildcard: { credentials: ['key'], optional: ['token'] } },
  },
  signing: {
    v2: { sameDevice: keySecret, differentDevice: keySecret, wildcard: keySecret },
    v1: { sameDevice: { credentials: ['key', 'secret', 'token'] }, differentDevice: keyToken },
  },
  flow: {
    v2: {
      ping: keySecret,
      cancel: keySecret,
      sse: { credentials: ['key'], optional: ['secret'] },
      polling: keyToken,
      /** The animated QR frame of this second: it is drawn from the start secret, which stays on the backend. */
      qr: keySecret,
    },
    v1: { ping: keyToken, cancel: keyToken, polling: keyToken, authorize: keySecret },
  },
  document: { v2: keySecret, v1: keyToken },
  /** Integrator routes beyond the spec (billing reports, webhook deliveries). */
  account: keySecret,
  /** The sandbox simulator: only `bk-test_` keys reach it. */
  sandbox: keySecret,
} as const satisfies Record<string, unknown>;
