import { type KeyObject, createHash, type webcrypto } from 'node:crypto';
import type { X509Certificate } from '@peculiar/x509';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { type JWK, compactVerify, decodeJwt, decodeProtectedHeader, importJWK } from 'jose';
import { PresentationRefusedError } from './errors/presentation-refused.error';
import { trustedIssuerLeaf } from './issuer-chain';
import { publicKeyOf } from './signing-certificate';
import { PID_VCT } from './pid-claims';

/** What a key binding JWT must bind: this flow's nonce and this verifier's client identifier. */
export interface KeyBindingExpectation {
  nonce: string;
  audience: string;
}

export interface VerifiedPid {
  /** The PID's claims after its disclosures, with the issuer's own fields (iss, cnf, vct, ...). */
  claims: Record<string, unknown>;
  /** The wallet's key the credential is bound to. */
  holderKey: JWK;
  /** An SD-JWT VC's key binding JWT as presented, and its payload (what the wallet bound: transaction data hashes). */
  keyBinding?: { jwt: string; payload: Record<string, unknown> };
}

/** Gives the verified status list token at a URI, or throws a refusal saying why there is none. */
export type StatusListSource = (uri: string) => Promise<string>;

/** Token Status List values (section 7.1): only VALID (0) lets a credential through. */
const STATUS_VALID = 0;
const STATUS_NAMES: Record<number, string> = { 1: 'revoked', 2: 'suspended' };

/**
 * How far an issuer's clock may be from ours when the SD-JWT library checks `iat`, `nbf` and `exp` of the credential
 * and of its status list token. Without it, a status list token made in the second after `now` was read (the sandbox
 * issuer's list is made when it is read, and a busy machine crossed a second between the two) was "not yet valid".
 */
const CLOCK_SKEW_SECONDS = 60;

/** How far a key binding JWT's `iat` may be from now: it is made for this one presentation. */
const KEY_BINDING_WINDOW_SECONDS = 300;
const ISSUER_ALGORITHMS = ['ES256', 'ES384', 'ES512'];
/** What the request object's vp_formats_supported announces for key binding JWTs (HAIP 1.0). */
const KEY_BINDING_ALGORITHM = 'ES256';

/**
 * Verifies a PID presented as SD-JWT VC with the sd-jwt library: the issuer's signature by the leaf of its `x5c`
 * chain (checked against the trust list), the disclosures against their digests, and the key binding JWT over this
 * flow's nonce and this verifier as audience, signed by the key in the credential's `cnf`; and when the credential
 * names a Token Status List, its entry there, which must be VALID.
 */
export async function verifySdJwtPid(
  presentation: string,
  anchors: readonly X509Certificate[],
  expected: KeyBindingExpectation,
  statusLists: StatusListSource,
  now = new Date(),
): Promise<VerifiedPid> {
  const issuerJwt = presentation.split('~')[0];
  let x5c: unknown;
  try {
    x5c = decodeProtectedHeader(issuerJwt).x5c;
  } catch {
    throw new PresentationRefusedError('The presentation is not an SD-JWT VC');
  }
  const leaf = await trustedIssuerLeaf(x5c, anchors, now);
  const issuerKey = publicKeyOf(leaf);
  const failed = { issuer: false, keyBinding: false };
  const sdJwt = new SDJwtVcInstance({
    hasher: (data, algorithm) => sha(data, algorithm),
    verifier: async (data, signature) => {
      failed.issuer = !(await signatureHolds(`${data}.${signature}`, issuerKey, ISSUER_ALGORITHMS));
      return !failed.issuer;
    },
    kbVerifier: async (data, signature, payload) => {
      const jwk = (payload.cnf as { jwk?: JWK } | undefined)?.jwk;
      failed.keyBinding =
        !jwk ||
        !(await signatureHolds(`${data}.${signature}`, await importJWK(jwk, KEY_BINDING_ALGORITHM), [
          KEY_BINDING_ALGORITHM,
        ]));
      return !failed.keyBinding;
    },
    statusListFetcher: statusLists,
    // The source verified the token (signature, x5c chain to the trust list, sub, exp) before handing it over.
    statusVerifier: () => true,
    statusValidator: async (status) => {
      if (status === STATUS_VALID) return;
      const entry = statusEntryOf(issuerJwt);
      const name = STATUS_NAMES[status] ?? `not valid (status ${status})`;
      throw new PresentationRefusedError(`The credential is ${name} (status list ${entry.uri}, index ${entry.idx})`);
    },
  });
  // A key binding JWT follows the last `~`: a presentation ending in `~` has none.
  if (presentation.endsWith('~') || !presentation.includes('~')) {
    throw new PresentationRefusedError('The presentation has no key binding JWT');
  }
  let verified: Awaited<ReturnType<SDJwtVcInstance['verify']>>;
  try {
    verified = await sdJwt.verify(presentation, {
      keyBindingNonce: expected.nonce,
      currentDate: Math.floor(now.getTime() / 1000),
      skewSeconds: CLOCK_SKEW_SECONDS,
    });
  } catch (error) {
    if (error instanceof PresentationRefusedError) throw error;
    if (failed.issuer) throw new PresentationRefusedError("The issuer's signature does not hold");
    if (failed.keyBinding) {
      throw new PresentationRefusedError("The key binding JWT is not signed by the credential's holder key (cnf)");
    }
    throw new PresentationRefusedError(refusalOf(error));
  }
  const claims = verified.payload as Record<string, unknown>;
  if (claims.vct !== PID_VCT)
    throw new PresentationRefusedError(`The credential is not a PID (vct ${String(claims.vct)})`);
  const binding = verified.kb?.payload;
  if (!binding || binding.aud !== expected.audience) {
    throw new PresentationRefusedError('The key binding JWT is for another verifier (aud)');
  }
  if (Math.abs(now.getTime() / 1000 - binding.iat) > KEY_BINDING_WINDOW_SECONDS) {
    throw new PresentationRefusedError('The key binding JWT is not fresh (iat)');
  }
  return {
    claims,
    holderKey: (claims.cnf as { jwk: JWK }).jwk,
    keyBinding: { jwt: presentation.slice(presentation.lastIndexOf('~') + 1), payload: binding },
  };
}

/** The credential's status list entry, read once its signature held (the library checks the status last). */
function statusEntryOf(issuerJwt: string): { uri: string; idx: number } {
  return (decodeJwt(issuerJwt) as { status: { status_list: { uri: string; idx: number } } }).status.status_list;
}

/** The library's messages, put in words a wallet's developer acts on. */
function refusalOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/nonce/i.test(message)) return 'The key binding JWT is for another request (nonce)';
  if (/key binding|kb/i.test(message)) return `The key binding JWT does not hold: ${message}`;
  if (/status/i.test(message)) return `The credential's status list cannot be read: ${message}`;
  if (/expired|exp\b/i.test(message)) return 'The credential is expired';
  return `The credential does not verify: ${message}`;
}

async function signatureHolds(
  compact: string,
  key: KeyObject | webcrypto.CryptoKey | Uint8Array,
  algorithms: string[],
): Promise<boolean> {
  try {
    await compactVerify(compact, key, { algorithms });
    return true;
  } catch {
    return false;
  }
}

function sha(data: string | ArrayBuffer, algorithm: string): Uint8Array {
  const name = algorithm.toLowerCase().replace('-', '');
  if (!['sha256', 'sha384', 'sha512'].includes(name)) throw new Error(`Unsupported _sd_alg ${algorithm}`);
  return createHash(name)
    .update(typeof data === 'string' ? data : Buffer.from(data))
    .digest();
}
