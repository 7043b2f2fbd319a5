import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt } from 'jose';
import { ClaimReleaseService } from './claim-release.service';

describe('ClaimReleaseService', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const record = {
    naming: { given: 'Ada', family: 'Lovelace' },
    contact: { email: 'ada@example.org', emailVerified: true },
  };

  const decrypt = async (jwe: unknown) =>
    JSON.parse(new TextDecoder().decode((await compactDecrypt(jwe as string, privateKey)).plaintext));

  it('releases only the consented claims, nested by group, each decryptable with the app key', async () => {
    const released = await new ClaimReleaseService().release(
      record,
      ['naming.given', 'contact.emailVerified'],
      publicKeyPem,
    );
    expect(Object.keys(released).sort()).toEqual(['contact', 'naming']);
    expect(Object.keys(released.naming)).toEqual(['given']);
    await expect(decrypt(released.naming.given)).resolves.toBe('Ada');
    await expect(decrypt(released.contact.emailVerified)).resolves.toBe(true);
  });

  it('uses RSA-OAEP-256 with A256GCM', async () => {
    const released = await new ClaimReleaseService().release(record, ['naming.family'], publicKeyPem);
    const header = JSON.parse(Buffer.from((released.naming.family as string).split('.')[0], 'base64url').toString());
    expect(header).toMatchObject({ alg: 'RSA-OAEP-256', enc: 'A256GCM' });
  });

  it('skips claims the holder has no value for', async () => {
    await expect(new ClaimReleaseService().release(record, ['bio.gender'], publicKeyPem)).resolves.toEqual({});
  });
});
