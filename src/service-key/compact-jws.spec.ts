import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, jwtVerify } from 'jose';
import { signCompactJws } from './compact-jws';

describe('signCompactJws', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('makes a JWT that jose verifies, with the header and claims given', async () => {
    const token = await signCompactJws(
      { alg: 'EdDSA', kid: 'k1', typ: 'idflow-flow+jwt' },
      { sub: 'req_1', iss: 'https://idflow.test', iat: 1_700_000_000, note: 'Grüße ✓' },
      privateKey,
    );

    const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
      issuer: 'https://idflow.test',
      typ: 'idflow-flow+jwt',
      currentDate: new Date(1_700_000_000_000),
    });
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: 'k1', typ: 'idflow-flow+jwt' });
    expect(payload).toEqual({ sub: 'req_1', iss: 'https://idflow.test', iat: 1_700_000_000, note: 'Grüße ✓' });
    expect(token).not.toMatch(/[=+/]/);
  });

  it('signs what it serializes: a changed payload no longer verifies', async () => {
    const token = await signCompactJws({ alg: 'EdDSA' }, { sub: 'req_1' }, privateKey);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from('{"sub":"req_2"}').toString('base64url')}.${signature}`;

    await expect(compactVerify(forged, publicKey)).rejects.toThrow(/signature verification failed/);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA' });
  });

  it('refuses a key that is not a private signing key', async () => {
    await expect(signCompactJws({ alg: 'EdDSA' }, {}, publicKey)).rejects.toThrow();
  });
});
