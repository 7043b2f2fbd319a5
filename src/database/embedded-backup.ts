import { randomBytes } from 'node:crypto';
import { chmod, copyFile, cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Injectable } from '@nestjs/common';
import Database from 'better-sqlite3';
import { AppConfig } from '../config/app-config';
import { KeyringSource } from '../key-encryption/keyring-source';

/** What a backup holds; its directory is laid out as a DATA_DIR, so a copy of it is a data directory to start from. */
export interface BackupSummary {
  path: string;
  databaseBytes: number;
  files: number;
  /** False when the keys come from KEY_ENCRYPTION_KEY: that value must then be kept with the backup. */
  keyIncluded: boolean;
}

const DATABASE_FILE = 'idflow.sqlite';
/** Where LocalFileStorage keeps files under DATA_DIR. */
const FILES_DIR = 'files';
/** Every remaining page in one step: one read transaction, so the copy is one consistent snapshot. */
const ALL_PAGES = 0x7fffffff;
const OWNER_ONLY_DIR = 0o700;
const OWNER_ONLY_FILE = 0o600;

/**
 * `backup <dir>`: an online copy of the embedded default while the service runs. The database comes through SQLite's
 * backup API (better-sqlite3's `backup`), which reads a snapshot beside the running writer; the key file and stored
 * files are copied after it, so that the copy holds every key and file its snapshot refers to. The backup therefore
 * holds the key-encryption key and is written owner-only.
 */
@Injectable()
export class EmbeddedBackup {
  constructor(
    private readonly config: AppConfig,
    private readonly keyring: KeyringSource,
  ) {}

  async write(target: string): Promise<BackupSummary> {
    if (this.config.DATABASE_URL) {
      throw new Error(
        'backup copies the embedded SQLite database; with PostgreSQL use pg_dump ' +
          '(docs/operations.md, Backup and restore)',
      );
    }
    if (!(await exists(this.config.DATABASE_PATH))) {
      throw new Error(`There is no database at ${this.config.DATABASE_PATH}: check DATA_DIR and DATABASE_PATH`);
    }
    if (await exists(target)) throw new Error(`${target} already exists: a backup never replaces anything`);
    // Built beside the target and renamed into place, so a backup that failed halfway is never taken for one.
    const partial = `${target}.partial-${randomBytes(6).toString('hex')}`;
    await mkdir(partial, { mode: OWNER_ONLY_DIR });
    try {
      await chmod(partial, OWNER_ONLY_DIR);
      const databaseBytes = await this.copyDatabase(join(partial, DATABASE_FILE));
      const keyIncluded = await this.copyKeyFile(partial);
      const files = await this.copyFiles(join(partial, FILES_DIR));
      await rename(partial, target);
      return { path: target, databaseBytes, files, keyIncluded };
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
  }

  private async copyDatabase(destination: string): Promise<number> {
    const source = new Database(this.config.DATABASE_PATH, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      await source.backup(destination, { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
    const copy = new Database(destination);
    try {
      // One self-contained file, checked before anyone relies on it; the restored service turns WAL back on.
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copied database fails SQLite's quick_check: ${String(check)}`);
    } finally {
      copy.close();
    }
    await chmod(destination, OWNER_ONLY_FILE);
    return (await stat(destination)).size;
  }

  /** After the database: a key rotated meanwhile keeps the one before it, so the copy opens all the snapshot holds. */
  private async copyKeyFile(directory: string): Promise<boolean> {
    const keyFile = this.keyring.file;
    if (!keyFile) return false;
    const destination = join(directory, basename(keyFile));
    await copyFile(keyFile, destination);
    await chmod(destination, OWNER_ONLY_FILE);
    return true;
  }

  /**
   * After the database: a file is written before the row that names it, and the sweep removes only files no row
   * names, so every file of the snapshot is still there.
   */
  private async copyFiles(destination: string): Promise<number> {
    const source = join(this.config.DATA_DIR, FILES_DIR);
    if (!(await exists(source))) return 0;
    await cp(source, destination, { recursive: true });
    return (await readdir(destination)).length;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}
