import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { CompactEncrypt, type JWK, decodeJwt, exportJWK, importJWK } from 'jose';
import type { ClaimValues } from '../persons/claim-values';
import { EC_KEY, generateEcKeys } from './eudi-certificates';
import { PID_VCT, pidAttributesOf } from './pid-claims';
import { PID_CREDENTIAL_QUERY_ID } from './pid-dcql';
import { type SigningCertificate, x5cOf } from './signing-certificate';

const PID_LIFETIME_SECONDS = 365 * 86_400;

interface RequestObject {
  client_id: string;
  nonce: string;
  state: string;
  dcql_query: { credentials: Array<{ claims?: Array<{ path: string[] }> }> };
  client_metadata: { jwks: { keys: JWK[] } };
}

/**
 * The sandbox's own wallet: it holds a PID that the sandbox PID issuer issues to a test person, and answers a flow's
 * request object as a wallet would (the requested attributes disclosed, a key binding JWT over the nonce, the response
 * encrypted to the flow's key), so `POST /api/v2/sandbox/flows/{id}/present` goes through the verifier a real wallet
 * reaches.
 */
export async function sandboxWalletResponse(
  requestObject: string,
  issuer: SigningCertificate,
  claims: ClaimValues,
): Promise<string> {
  const request = decodeJwt(requestObject) as unknown as RequestObject;
  const holder = await generateEcKeys();
  const now = Math.floor(Date.now() / 1000);
  const sdJwt = new SDJwtVcInstance({
    hasher: (data) => sha256(data),
    hashAlg: 'sha-256',
    signer: es256Signer(issuer.privateKey),
    signAlg: 'ES256',
    kbSigner: es256Signer(holder.privateKey),
    kbSignAlg: 'ES256',
    saltGenerator: () => randomBytes(16).toString('base64url'),
  });
  const attributes = pidAttributesOf(claims);
  const credential = await sdJwt.issue(
    {
      iss: 'idflow-sandbox-pid-issuer',
      iat: now,
      exp: now + PID_LIFETIME_SECONDS,
      vct: PID_VCT,
      cnf: { jwk: await exportJWK(holder.publicKey) },
      ...attributes,
    },
    { _sd: Object.keys(attributes) } as never,
    { header: { typ: 'dc+sd-jwt', x5c: x5cOf(issuer) } },
  );
  const asked = (request.dcql_query.credentials[0]?.claims ?? []).map((claim) => claim.path[0]);
  const presentation = await sdJwt.present(credential, Object.fromEntries(asked.map((name) => [name, true])), {
    kb: { payload: { iat: now, aud: request.client_id, nonce: request.nonce } },
  });
  const [key] = request.client_metadata.jwks.keys;
  const body = JSON.stringify({ vp_token: { [PID_CREDENTIAL_QUERY_ID]: [presentation] }, state: request.state });
  return new CompactEncrypt(new TextEncoder().encode(body))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A128GCM', kid: key.kid })
    .encrypt(await importJWK(key, 'ECDH-ES'));
}

function es256Signer(key: webcrypto.CryptoKey): (data: string) => Promise<string> {
  return async (data) => {
    const signature = await webcrypto.subtle.sign(
      { name: EC_KEY.name, hash: 'SHA-256' },
      key,
      new TextEncoder().encode(data),
    );
    return Buffer.from(signature).toString('base64url');
  };
}

function sha256(data: string | ArrayBuffer): Buffer {
  return createHash('sha256')
    .update(typeof data === 'string' ? data : Buffer.from(data))
    .digest();
}
