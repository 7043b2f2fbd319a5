import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep, isAbsolute } from 'node:path';
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from '../common/persistence/owner-only-files';
import { randomBase62 } from '../common/ids/random-id';
import {
  FILE_KEY_PATTERN,
  checkedFileKey,
  filesPath,
  putUnderNewKey,
  type FileStorage,
  type StoredFile,
  type StoredFileStream,
} from './file-storage';
import { InvalidFileKeyError } from './errors/invalid-file-key.error';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';

/** Writes go to a file of this prefix beside the target, then are renamed into place. */
const UNFINISHED_PREFIX = '.tmp-';
const UNFINISHED_PATTERN = /^\.tmp-[0-9A-Za-z]{16}$/;

/** Files on the local disk under one directory (`DATA_DIR/files` in the app). */
export class LocalFileStorage implements FileStorage {
  private readonly baseDir: string;

  constructor(baseDir: string) {
    this.baseDir = resolve(baseDir);
  }

  static underDataDir(dataDir: string): LocalFileStorage {
    return new LocalFileStorage(join(dataDir, 'files'));
  }

  put(bytes: Uint8Array): Promise<StoredFile> {
    return putUnderNewKey(this, bytes);
  }

  async putAt(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    // Written beside the target and renamed into place, so a reader never sees a half-written file.
    const temp = join(this.baseDir, `${UNFINISHED_PREFIX}${randomBase62(16)}`);
    await mkdir(this.baseDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    try {
      await writeFile(temp, bytes, { flag: 'wx', mode: OWNER_ONLY_FILE });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async open(key: string): Promise<StoredFileStream> {
    const path = this.pathOf(key);
    try {
      // The size is read from the open file, so a file removed in between cannot answer with another's length.
      const handle = await open(path, 'r');
      const { size } = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      return { size, stream: handle.createReadStream() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async storedBefore(before: number): Promise<{ keys: string[]; unfinished: string[] }> {
    let names: string[];
    try {
      names = await readdir(this.baseDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { keys: [], unfinished: [] };
      throw error;
    }
    const keys: string[] = [];
    const unfinished: string[] = [];
    for (const name of names) {
      const list = FILE_KEY_PATTERN.test(name) ? keys : UNFINISHED_PATTERN.test(name) ? unfinished : null;
      if (!list) continue;
      const modified = await stat(join(this.baseDir, name)).then(
        (stats) => stats.mtimeMs,
        () => Infinity,
      );
      if (modified < before) list.push(name);
    }
    return { keys, unfinished };
  }

  async removeUnfinished(name: string): Promise<void> {
    if (!UNFINISHED_PATTERN.test(name)) throw new InvalidFileKeyError(name);
    await rm(join(this.baseDir, name), { force: true });
  }

  publicPath(key: string): string {
    return filesPath(key);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The key pattern alone keeps out `..` and separators; the containment check is a second, independent lock. */
  private pathOf(key: string): string {
    const path = resolve(this.baseDir, checkedFileKey(key));
    const rel = relative(this.baseDir, path);
    if (rel === '' || rel.startsWith('..') || rel.includes(sep) || isAbsolute(rel)) throw new InvalidFileKeyError(key);
    return path;
  }
}
