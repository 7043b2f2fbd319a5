import type { X509Certificate } from '@peculiar/x509';
import { StatusList } from '@sd-jwt/jwt-status-list';
import { type JWTPayload, SignJWT } from 'jose';
import { certificatesOfPem, importEcPrivateKey, issueLeaf, makeCa } from './eudi-certificates';
import { DEFAULT_STATUS_LIST_TTL_SECONDS, verifyStatusListToken } from './status-list-token';

const URI = 'https://issuer.test/lists/1';
const NOW = new Date();
const SECONDS = Math.floor(NOW.getTime() / 1000);

describe('a status list token', () => {
  let anchor: X509Certificate;
  let sign: (payload: JWTPayload, typ?: string) => Promise<string>;

  beforeAll(async () => {
    const ca = await makeCa('CN=List CA', 30);
    anchor = certificatesOfPem(ca.certificatePem)[0];
    const caKey = await importEcPrivateKey(Buffer.from(ca.privateKey, 'base64'));
    const leaf = await issueLeaf('CN=List signer', 30, { certificate: anchor, privateKey: caKey });
    const leafKey = await importEcPrivateKey(Buffer.from(leaf.privateKey, 'base64'));
    const x5c = [Buffer.from(certificatesOfPem(leaf.certificatePem)[0].rawData).toString('base64')];
    sign = (payload, typ = 'statuslist+jwt') =>
      new SignJWT({
        sub: URI,
        iat: SECONDS,
        status_list: { bits: 1, lst: new StatusList([0, 1], 1).compressStatusList() },
        ...payload,
      })
        .setProtectedHeader({ alg: 'ES256', typ, x5c })
        .sign(leafKey);
  });

  it('is reused for its ttl, never past its exp, and for a default time without a ttl', async () => {
    await expect(verifyStatusListToken(await sign({ ttl: 60 }), URI, [anchor], NOW)).resolves.toBe(SECONDS + 60);
    await expect(verifyStatusListToken(await sign({ ttl: 600, exp: SECONDS + 30 }), URI, [anchor], NOW)).resolves.toBe(
      SECONDS + 30,
    );
    await expect(verifyStatusListToken(await sign({}), URI, [anchor], NOW)).resolves.toBe(
      SECONDS + DEFAULT_STATUS_LIST_TTL_SECONDS,
    );
  });

  it('is reused for a day at most, whatever its ttl says', async () => {
    await expect(verifyStatusListToken(await sign({ ttl: 10 * 86_400 }), URI, [anchor], NOW)).resolves.toBe(
      SECONDS + 86_400,
    );
  });

  it('is refused when expired, of another type, for another list, off the trust list, or not signed by its certificate', async () => {
    await expect(verifyStatusListToken(await sign({ exp: SECONDS - 1 }), URI, [anchor], NOW)).rejects.toThrow(
      `The credential's status list ${URI} is expired`,
    );
    await expect(verifyStatusListToken(await sign({}, 'JWT'), URI, [anchor], NOW)).rejects.toThrow(
      'is not a status list token (typ JWT)',
    );
    await expect(verifyStatusListToken(await sign({}), `${URI}0`, [anchor], NOW)).rejects.toThrow(
      `is for another list (sub ${URI})`,
    );
    await expect(verifyStatusListToken(await sign({}), URI, [], NOW)).rejects.toThrow(
      'is not signed by a trusted issuer',
    );
    await expect(verifyStatusListToken('not-a-jwt', URI, [anchor], NOW)).rejects.toThrow('is not a JWT');
    const [header, payload] = (await sign({})).split('.');
    const otherSignature = (await sign({ iat: SECONDS - 1 })).split('.')[2];
    await expect(verifyStatusListToken(`${header}.${payload}.${otherSignature}`, URI, [anchor], NOW)).rejects.toThrow(
      'does not verify (signature)',
    );
  });

  it('is refused when its list cannot be read', async () => {
    await expect(
      verifyStatusListToken(await sign({ status_list: { bits: 3, lst: 'eNrbuRgAAhcBXQ' } }), URI, [anchor], NOW),
    ).rejects.toThrow('holds no readable status_list');
  });
});
