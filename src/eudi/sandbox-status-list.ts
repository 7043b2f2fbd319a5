import { SignJWT } from 'jose';
import { type SigningCertificate, x5cOf } from './signing-certificate';

/**
 * The statuses a sandbox PID can be issued with. The sandbox PID issuer's one status list holds each at the index of
 * its position here, with that position as its value: VALID 0, INVALID 1 and SUSPENDED 2 (IETF Token Status List,
 * section 7.1), so a test wallet's PID points at the entry it wants to be checked against.
 */
export const SANDBOX_PID_STATUSES = ['valid', 'revoked', 'suspended'] as const;
export type SandboxPidStatus = (typeof SANDBOX_PID_STATUSES)[number];

/** A credential's entry in a Token Status List (section 6.2). */
export interface StatusListEntry {
  uri: string;
  idx: number;
}

const BITS_PER_STATUS = 2;
const TOKEN_LIFETIME_SECONDS = 86_400;
/** How long a verifier may keep the list before fetching it again (the token's `ttl`). */
export const SANDBOX_STATUS_LIST_TTL_SECONDS = 300;

/**
 * The sandbox PID issuer's status list token (section 5.1): a `statuslist+jwt` signed by the issuer's certificate
 * (in `x5c`), `sub` the URI it is served at, its list compressed by the sd-jwt status list library.
 */
export async function sandboxStatusListToken(
  issuer: SigningCertificate,
  uri: string,
  now = new Date(),
): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  const statuses = SANDBOX_PID_STATUSES.map((_status, index) => index);
  const { StatusList } = await import('@sd-jwt/jwt-status-list');
  return new SignJWT({
    sub: uri,
    iat: seconds,
    exp: seconds + TOKEN_LIFETIME_SECONDS,
    ttl: SANDBOX_STATUS_LIST_TTL_SECONDS,
    status_list: { bits: BITS_PER_STATUS, lst: new StatusList(statuses, BITS_PER_STATUS).compressStatusList() },
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'statuslist+jwt', x5c: x5cOf(issuer) })
    .sign(issuer.privateKey);
}
