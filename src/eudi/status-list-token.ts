import type { X509Certificate } from '@peculiar/x509';
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import { trustedIssuerLeaf } from './issuer-chain';
import { publicKeyOf } from './signing-certificate';

const SIGNATURE_ALGORITHMS = ['ES256', 'ES384', 'ES512'];
/** How long a token without `ttl` is reused: the specification leaves it to the verifier (section 13.7). */
export const DEFAULT_STATUS_LIST_TTL_SECONDS = 300;
/** However long a `ttl` says: a revocation is seen within a day at worst. */
const MAX_STATUS_LIST_TTL_SECONDS = 86_400;

/**
 * Checks a status list token (IETF Token Status List, section 5) fetched from `uri`: of type `statuslist+jwt`, signed
 * by the leaf of its `x5c` chain, which must reach the trust list as the credential's issuer does, its `sub` the
 * `uri` it was fetched from (so a list cannot be served for another), and not expired. The list itself is decoded by
 * the sd-jwt library. Returns the time (seconds since the epoch) until which the token may be used without fetching it
 * anew.
 */
export async function verifyStatusListToken(
  token: string,
  uri: string,
  anchors: readonly X509Certificate[],
  now: Date,
): Promise<number> {
  const refuse = (why: string) => new PresentationRefusedError(`The credential's status list ${uri} ${why}`);
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: ReturnType<typeof decodeJwt>;
  try {
    header = decodeProtectedHeader(token);
    payload = decodeJwt(token);
  } catch {
    throw refuse('is not a JWT');
  }
  if (header.typ !== 'statuslist+jwt') throw refuse(`is not a status list token (typ ${String(header.typ)})`);
  let leaf: X509Certificate;
  try {
    leaf = await trustedIssuerLeaf(header.x5c, anchors, now);
  } catch (error) {
    throw refuse(`is not signed by a trusted issuer: ${(error as PresentationRefusedError).reason}`);
  }
  await compactVerify(token, publicKeyOf(leaf), { algorithms: SIGNATURE_ALGORITHMS }).catch(() => {
    throw refuse('does not verify (signature)');
  });
  if (payload.sub !== uri) throw refuse(`is for another list (sub ${String(payload.sub)})`);
  const seconds = Math.floor(now.getTime() / 1000);
  if (payload.exp !== undefined && payload.exp <= seconds) throw refuse('is expired');
  // Loaded here, with the first status list checked, rather than at every start.
  const { getListFromStatusListJWT } = await import('@sd-jwt/jwt-status-list');
  try {
    getListFromStatusListJWT(token);
  } catch {
    throw refuse('holds no readable status_list');
  }
  const ttl = typeof payload.ttl === 'number' && payload.ttl > 0 ? payload.ttl : DEFAULT_STATUS_LIST_TTL_SECONDS;
  return Math.min(seconds + Math.min(ttl, MAX_STATUS_LIST_TTL_SECONDS), payload.exp ?? Infinity);
}
