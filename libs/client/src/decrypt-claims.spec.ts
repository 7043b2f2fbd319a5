import { generateKeyPairSync } from 'node:crypto';
import { ClaimReleaseService } from '../../../src/claims/claim-release.service';
import { decryptClaims } from './decrypt-claims';

describe('decryptClaims', () => {
  it('turns released claims back into the holder values, keeping the nested shape', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const record = {
      naming: { name: 'Ada Lovelace' },
      contact: { emailVerified: true },
      nationality: { nationalities: ['GB'] },
    };
    const released = await new ClaimReleaseService().release(
      record,
      ['naming.name', 'contact.emailVerified', 'nationality.nationalities'],
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(decryptClaims(released as Record<string, Record<string, string>>, pem)).resolves.toEqual(record);
  });

  it('fails on a value encrypted for another key', async () => {
    const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const released = await new ClaimReleaseService().release(
      { naming: { name: 'x' } },
      ['naming.name'],
      theirs.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const pem = ours.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(decryptClaims(released as Record<string, Record<string, string>>, pem)).rejects.toThrow();
  });
});
