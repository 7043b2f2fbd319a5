import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { ErasureRefusedError } from './errors/erasure-refused.error';
import { verifiedErasureRequest } from './erasure-request';

async function signed(header: Record<string, unknown>, payload: Record<string, unknown>, withKey = true) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ typ: 'erasure-request+jwt', alg: 'ES256', ...(withKey ? { jwk } : {}), ...header })
    .sign(privateKey);
  return { jws, jwk };
}

const fresh = () => ({ aud: 'x509_hash:abc', nonce: 'n1', iat: Math.floor(Date.now() / 1000), jti: 'log-1' });

async function refusal(jws: unknown): Promise<ErasureRefusedError> {
  const error: unknown = await verifiedErasureRequest(jws).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ErasureRefusedError);
  return error as ErasureRefusedError;
}

describe('a wallet erasure request', () => {
  it('names its key, the presentation, the verifier and itself', async () => {
    const { jws, jwk } = await signed({}, fresh());
    await expect(verifiedErasureRequest(jws)).resolves.toEqual({
      holderKey: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
      nonce: 'n1',
      audience: 'x509_hash:abc',
      requestId: 'log-1',
    });
  });

  it.each([
    ['not a JWS', () => Promise.resolve('a.b'), /must be a compact JWS/],
    ['of another type', async () => (await signed({ typ: 'kb+jwt' }, fresh())).jws, /must be of type/],
    ['without its key', async () => (await signed({}, fresh(), false)).jws, /must carry in its header's jwk/],
    ['stale', async () => (await signed({}, { ...fresh(), iat: 1_700_000_000 })).jws, /is not valid/],
    ['without a nonce', async () => (await signed({}, { ...fresh(), nonce: undefined })).jws, /is not valid/],
    ['with a jti of control characters', async () => (await signed({}, { ...fresh(), jti: 'a\nb' })).jws, /jti/],
  ])('is refused with a 400 when %s', async (_case, make, reason) => {
    const error = await refusal(await make());
    expect(error.status).toBe(400);
    expect(error.reason).toMatch(reason);
  });

  it('is refused as forged, a 403, when its signature does not hold by its own key', async () => {
    const { jws } = await signed({}, fresh());
    const [header, , signature] = jws.split('.');
    const other = Buffer.from(JSON.stringify({ ...fresh(), nonce: 'n2' })).toString('base64url');
    const error = await refusal(`${header}.${other}.${signature}`);
    expect(error.status).toBe(403);
  });
});
