import { type JWK, type JWTPayload, decodeProtectedHeader, errors, importJWK, jwtVerify } from 'jose';
import { ErasureRefusedError } from './errors/erasure-refused.error';

/** The `typ` of a wallet's erasure request: a JWT the wallet signs with the key its presentation was bound to. */
export const ERASURE_REQUEST_TYPE = 'erasure-request+jwt';
export const ERASURE_REQUEST_ALGORITHM = 'ES256';
/** As a key binding JWT: made within five minutes, a minute's clock skew allowed. */
const MAX_AGE_SECONDS = 300;
const CLOCK_SKEW_SECONDS = 60;
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** What a verified erasure request says: by which key, for which presentation (its nonce), to which verifier. */
export interface ErasureRequest {
  holderKey: JWK;
  nonce: string;
  audience: string;
  requestId: string;
}

/**
 * An erasure request whose signature holds by the key in its header, and whose claims are well formed and fresh.
 * Whether that key is the presentation's, and the audience this verifier, is for the caller to check against the
 * presentation the nonce names.
 */
export async function verifiedErasureRequest(jws: unknown): Promise<ErasureRequest> {
  if (typeof jws !== 'string' || !COMPACT_JWS.test(jws)) {
    throw new ErasureRefusedError(`The erasure request must be a compact JWS of type ${ERASURE_REQUEST_TYPE}`);
  }
  const holderKey = holderKeyOf(jws);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jws, await importJWK(holderKey, ERASURE_REQUEST_ALGORITHM), {
      typ: ERASURE_REQUEST_TYPE,
      algorithms: [ERASURE_REQUEST_ALGORITHM],
      maxTokenAge: MAX_AGE_SECONDS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      requiredClaims: ['aud', 'iat', 'jti', 'nonce'],
    }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new ErasureRefusedError('The erasure request is forged: its signature does not hold by its own key', 403);
    }
    throw new ErasureRefusedError(`The erasure request is not valid: ${(error as Error).message}`);
  }
  const { aud, jti, nonce } = payload;
  if (typeof aud !== 'string' || typeof nonce !== 'string' || typeof jti !== 'string' || !REQUEST_ID.test(jti)) {
    throw new ErasureRefusedError(
      'The erasure request must name one verifier (aud), the presentation (nonce) and itself (jti, printable ASCII)',
    );
  }
  return { holderKey, nonce, audience: aud, requestId: jti };
}

/** The public P-256 key in the request's header, by which alone it can be checked. */
function holderKeyOf(jws: string): JWK {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    throw new ErasureRefusedError('The erasure request header is not JSON');
  }
  const jwk = header.jwk;
  if (header.typ !== ERASURE_REQUEST_TYPE || header.alg !== ERASURE_REQUEST_ALGORITHM) {
    throw new ErasureRefusedError(
      `The erasure request must be of type ${ERASURE_REQUEST_TYPE}, signed ${ERASURE_REQUEST_ALGORITHM}`,
    );
  }
  if (!jwk || jwk.kty !== 'EC' || jwk.crv !== 'P-256' || 'd' in jwk) {
    throw new ErasureRefusedError(
      "The erasure request must carry in its header's jwk the public P-256 key the presentation was bound to",
    );
  }
  return { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}
