import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, exportJWK } from 'jose';
import type * as OpenIdClient from 'openid-client';
import { oauthErrorOf } from './ciba-logins';
import { openid } from './oidc-login';
import { randomClientIp } from './test-app';

/**
 * Checks that a DPoP-bound access token works at userinfo only with a fresh proof by its own key: as a bearer token,
 * with another key's proof or with a replayed proof it is refused.
 */
export async function expectUserinfoOnlyWithFreshProof(
  rp: OpenIdClient.Configuration,
  accessToken: string,
  sub: string,
  dpopKey: OpenIdClient.CryptoKeyPair,
): Promise<void> {
  await expect(oauthErrorOf(openid.fetchUserInfo(rp, accessToken, sub))).resolves.toBe('invalid_token');
  const otherKey = openid.getDPoPHandle(rp, await openid.randomDPoPKeyPair('ES256'));
  await expect(oauthErrorOf(openid.fetchUserInfo(rp, accessToken, sub, { DPoP: otherKey }))).resolves.toMatch(
    /^invalid_(token|dpop_proof)$/,
  );

  // openid-client signs a fresh proof for every request, so the test signs its own to send one twice. A proof of the
  // right key works once; sent again it is a replay (the provider says invalid_token at a resource), while a fresh
  // proof of the same key still works.
  const userinfoEndpoint = rp.serverMetadata().userinfo_endpoint as string;
  const publicJwk = await exportJWK(dpopKey.publicKey);
  const newProof = () =>
    new SignJWT({
      htm: 'GET',
      htu: userinfoEndpoint,
      jti: randomUUID(),
      ath: createHash('sha256').update(accessToken).digest('base64url'),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: publicJwk })
      .setIssuedAt()
      .sign(dpopKey.privateKey);
  const clientIp = randomClientIp();
  const withProof = (proof: string) =>
    fetch(userinfoEndpoint, { headers: { authorization: `DPoP ${accessToken}`, dpop: proof, 'x-real-ip': clientIp } });
  const proof = await newProof();
  expect((await withProof(proof)).status).toBe(200);
  const replayed = await withProof(proof);
  expect(replayed.status).toBe(401);
  expect(replayed.headers.get('www-authenticate')).toContain('error="invalid_token"');
  expect((await withProof(await newProof())).status).toBe(200);
}
