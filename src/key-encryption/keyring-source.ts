import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OWNER_ONLY_FILE, makeOwnerOnlyDirectory, tightenToOwnerOnly } from '../common/persistence/owner-only-files';
import { formatKeyring, newKeyEncryptionKey, parseKeyring, type Keyring } from './keyring';

export const KEY_FILE_NAME = 'key-encryption.key';

/**
 * Where the key-encryption keys come from: `KEY_ENCRYPTION_KEY` when set (required with PostgreSQL, where every
 * instance must seal alike); otherwise, in the embedded default, a key file beside the database, made once with
 * owner-only permissions.
 */
export class KeyringSource {
  constructor(
    private readonly configured: string | undefined,
    private readonly keyFile: string,
    private readonly sharedDatabase: boolean,
  ) {}

  static of(settings: { KEY_ENCRYPTION_KEY?: string; DATABASE_PATH: string; DATABASE_URL?: string }): KeyringSource {
    // Beside the database, so that whatever shares the database file (the CLI, a second process) shares the key.
    return new KeyringSource(
      settings.KEY_ENCRYPTION_KEY,
      join(dirname(settings.DATABASE_PATH), KEY_FILE_NAME),
      Boolean(settings.DATABASE_URL),
    );
  }

  get isFile(): boolean {
    return !this.configured;
  }

  /** The key file when the keys live in one, for a backup that must be able to open what they sealed. */
  get file(): string | undefined {
    return this.isFile ? this.keyFile : undefined;
  }

  load(): Keyring {
    if (this.configured) return parseKeyring(this.configured, 'KEY_ENCRYPTION_KEY');
    if (this.sharedDatabase) {
      throw new Error(
        'KEY_ENCRYPTION_KEY is required with DATABASE_URL: every instance must seal secrets with the same key ' +
          '(make one with `openssl rand -base64 32`)',
      );
    }
    if (!existsSync(this.keyFile)) this.write({ current: newKeyEncryptionKey(), retired: [] });
    tightenToOwnerOnly(this.keyFile);
    return parseKeyring(readFileSync(this.keyFile, 'utf8'), this.keyFile);
  }

  /**
   * A new current key in the key file, the previous one kept as retired so that what it sealed still opens until
   * `keys:rewrap` has resealed it. Configured keys are rotated by the operator instead (docs/security.md).
   */
  rotate(): Keyring {
    if (!this.isFile) throw new Error('KEY_ENCRYPTION_KEY is set: put the new key first in it, then run keys:rewrap');
    const previous = this.load();
    const rotated = { current: newKeyEncryptionKey(), retired: [previous.current] };
    this.write(rotated);
    return rotated;
  }

  /** Written beside the file and renamed into place, owner-only from the start. */
  private write(keyring: Keyring): void {
    makeOwnerOnlyDirectory(dirname(this.keyFile));
    const temp = `${this.keyFile}.tmp`;
    writeFileSync(temp, formatKeyring(keyring), { mode: OWNER_ONLY_FILE });
    chmodSync(temp, OWNER_ONLY_FILE);
    renameSync(temp, this.keyFile);
  }
}
