import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * A key-encryption key: 32 random bytes, named by a short digest so a sealed value says which key sealed it. It is held
 * as a KeyObject because Node 24 tries a Buffer key as a KeyObject and a CryptoKey first, throwing and catching two
 * TypeErrors (about 134k instructions) on every seal and open.
 */
export interface KeyEncryptionKey {
  id: string;
  key: KeyObject;
}

export const KEY_BYTES = 32;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=$/;

export function keyEncryptionKey(key: Buffer): KeyEncryptionKey {
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key: createSecretKey(key) };
}

export const newKeyEncryptionKey = (): KeyEncryptionKey => keyEncryptionKey(randomBytes(KEY_BYTES));

/** The key that seals from now on, and the retired ones that may still open what they sealed. */
export interface Keyring {
  current: KeyEncryptionKey;
  retired: KeyEncryptionKey[];
}

/**
 * Reads a keyring written as base64 keys, the current one first, separated by commas or line breaks: the shape of
 * `KEY_ENCRYPTION_KEY` and of the key file. `source` names where it came from in a message about a bad key.
 */
export function parseKeyring(text: string, source: string): Keyring {
  const keys = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((encoded, index) => {
      if (!BASE64_KEY.test(encoded)) {
        throw new Error(`${source}: key ${index + 1} is not ${KEY_BYTES} bytes in base64 (44 characters ending in =)`);
      }
      return keyEncryptionKey(Buffer.from(encoded, 'base64'));
    });
  if (keys.length === 0) throw new Error(`${source}: holds no key`);
  return { current: keys[0], retired: keys.slice(1) };
}

export const formatKeyring = (keyring: Keyring): string =>
  [keyring.current, ...keyring.retired].map(({ key }) => key.export().toString('base64')).join('\n') + '\n';
