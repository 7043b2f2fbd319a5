import { keyEncryptionKey, newKeyEncryptionKey, parseKeyring } from './keyring';
import { thrownExceptions } from '../../test/support/thrown-exceptions';
import { SecretSealer } from './secret-sealer';

describe('SecretSealer', () => {
  const first = newKeyEncryptionKey();
  const second = newKeyEncryptionKey();

  it('seals so that only the same context opens it, and never shows the secret', () => {
    const sealer = new SecretSealer({ current: first, retired: [] });
    const sealed = sealer.seal('whsec_secret', 'apps.webhook_secret:app_1');
    expect(sealed).not.toContain('whsec_secret');
    expect(sealer.seal('whsec_secret', 'apps.webhook_secret:app_1')).not.toBe(sealed);
    expect(sealer.open(sealed, 'apps.webhook_secret:app_1')).toBe('whsec_secret');
    expect(() => sealer.open(sealed, 'apps.webhook_secret:app_2')).toThrow(/cannot be read: it does not open/);
    // One bit of the ciphertext flipped: changing its last base64 characters may change only bits decoding ignores.
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3], 'base64url');
    ciphertext[0] ^= 1;
    const altered = [...parts.slice(0, 3), ciphertext.toString('base64url')].join('.');
    expect(() => sealer.open(altered, 'apps.webhook_secret:app_1')).toThrow(/cannot be read/);
  });

  it('opens with retired keys, seals with the current one, and reloads for a key it does not know yet', () => {
    const old = new SecretSealer({ current: first, retired: [] });
    const sealedOld = old.seal('a', 'ctx');
    const rotated = new SecretSealer({ current: second, retired: [first] });
    expect(rotated.open(sealedOld, 'ctx')).toBe('a');
    expect(rotated.isCurrent(sealedOld)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('a', 'ctx'))).toBe(true);

    const sealedNew = rotated.seal('b', 'ctx');
    expect(() => old.open(sealedNew, 'ctx')).toThrow(/sealed with key .*, which is not configured/);
    const reloading = new SecretSealer({ current: first, retired: [] }, () => ({ current: second, retired: [first] }));
    expect(reloading.open(sealedNew, 'ctx')).toBe('b');
  });

  it('seals and opens without an exception thrown inside (as a Buffer key makes Node 24 throw two)', () => {
    const sealer = new SecretSealer({ current: first, retired: [] });
    let sealed = '';
    expect(thrownExceptions(() => (sealed = sealer.seal('secret', 'ctx')))).toEqual([]);
    expect(thrownExceptions(() => sealer.open(sealed, 'ctx'))).toEqual([]);
    expect(sealer.open(sealed, 'ctx')).toBe('secret');
  });

  it('returns a value stored before sealing as it is', () => {
    expect(new SecretSealer({ current: first, retired: [] }).open('whsec_plain', 'ctx')).toBe('whsec_plain');
  });
});

describe('parseKeyring', () => {
  it('reads the current key first and retired keys after it, by comma or line', () => {
    const [a, b] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)].map((key) => key.toString('base64'));
    expect(parseKeyring(`${a},${b}`, 'KEY_ENCRYPTION_KEY')).toEqual({
      current: keyEncryptionKey(Buffer.alloc(32, 1)),
      retired: [keyEncryptionKey(Buffer.alloc(32, 2))],
    });
    expect(parseKeyring(`${a}\n${b}\n`, 'file').retired).toHaveLength(1);
  });

  it('names the source and the key that is not 32 bytes of base64', () => {
    expect(() => parseKeyring('short', 'KEY_ENCRYPTION_KEY')).toThrow(
      'KEY_ENCRYPTION_KEY: key 1 is not 32 bytes in base64 (44 characters ending in =)',
    );
    expect(() => parseKeyring(' ', 'KEY_ENCRYPTION_KEY')).toThrow('KEY_ENCRYPTION_KEY: holds no key');
  });
});
