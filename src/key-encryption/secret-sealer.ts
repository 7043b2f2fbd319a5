import { createCipheriv, createDecipheriv } from 'node:crypto';
import { randomPoolBytes } from '../common/ids/random-id';
import { SecretUnreadableError } from './errors/secret-unreadable.error';
import type { KeyEncryptionKey, Keyring } from './keyring';

/** What every sealed value starts with: the format's name and its separator. */
export const SEALED_PREFIX = 'kek1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets kept in the database (the service's signing key, webhook secrets, virtual devices' keys) with
 * AES-256-GCM under the key-encryption key, so a copy of the database alone reveals none of them. A sealed value is
 * `kek1.<key id>.<iv>.<ciphertext and tag>`; the context (which column of which row) is authenticated with it, so a
 * sealed value copied into another row does not open there.
 */
export class SecretSealer {
  /** `reload` reads the keys again, for a value sealed with a key another process (keys:rotate) has just made. */
  constructor(
    private keyring: Keyring,
    private readonly reload?: () => Keyring,
  ) {}

  get currentKeyId(): string {
    return this.keyring.current.id;
  }

  /** Replaces the keys in use (after this process rotated them). */
  useKeyring(keyring: Keyring): void {
    this.keyring = keyring;
  }

  seal(plain: string, context: string): string {
    const { id, key } = this.keyring.current;
    const iv = randomPoolBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${[id, iv.toString('base64url'), sealed.toString('base64url')].join('.')}`;
  }

  /** The plain secret; a value stored before secrets were sealed is returned as it is (startup seals those). */
  open(stored: string, context: string): string {
    if (!isSealed(stored)) return stored;
    const [, keyId, iv, sealed] = stored.split('.');
    if (!this.keyOf(keyId) && this.reload) this.keyring = this.reload();
    const key = this.keyOf(keyId);
    if (!key) throw new SecretUnreadableError(context, `it was sealed with key ${keyId}, which is not configured`);
    const bytes = Buffer.from(sealed, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(context, 'utf8'))
        .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretUnreadableError(context, 'it does not open with its key (altered, or moved from another row)');
    }
  }

  /** Whether the value is sealed with the current key (false for plain values and for retired keys). */
  isCurrent(stored: string): boolean {
    return isSealed(stored) && stored.split('.')[1] === this.keyring.current.id;
  }

  private keyOf(keyId: string): KeyEncryptionKey | undefined {
    return [this.keyring.current, ...this.keyring.retired].find((candidate) => candidate.id === keyId);
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX) && stored.split('.').length === 4;
