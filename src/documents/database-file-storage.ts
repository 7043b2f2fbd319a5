import { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { sha256Hex } from '../common/crypto/digest';
import {
  checkedFileKey,
  filesPath,
  newFileKey,
  type FileStorage,
  type StoredFile,
  type StoredFileStream,
} from './file-storage';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';
import { StoredFileChunkRepository } from './stored-file-chunk.repository';
import type { StoredFileRecord } from './stored-file-record.entity';
import { StoredFileRecordRepository } from './stored-file-record.repository';

/**
 * Bytes per chunk row. A read holds one chunk (two while the client drains the previous), so a download costs that
 * much memory whatever the file's size, and one statement never carries a whole 25 MiB PDF.
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Files in the service's own database (FILE_STORAGE=database), so that instances sharing it share their files.
 * A file is its chunk rows, then its `stored_files` row: written in that order, removed in the other, so a reader who
 * finds the row finds every chunk, and a writer killed midway leaves only chunks, which the sweep lists as unfinished.
 * No statement needs a transaction; a write or read inside an open unit of work (the stamp's) runs in it.
 */
export class DatabaseFileStorage implements FileStorage {
  private readonly records: StoredFileRecordRepository;
  private readonly chunks: StoredFileChunkRepository;

  constructor(dataSource: DataSource) {
    this.records = new StoredFileRecordRepository(dataSource);
    this.chunks = new StoredFileChunkRepository(dataSource);
  }

  async put(bytes: Uint8Array): Promise<StoredFile> {
    const key = newFileKey();
    return { key, ...(await this.write(key, bytes)) };
  }

  async putAt(key: string, bytes: Uint8Array): Promise<void> {
    await this.remove(key);
    await this.write(key, bytes);
  }

  async get(key: string): Promise<Buffer> {
    const record = await this.record(key);
    const chunks = await this.chunks.readAll(key);
    if (chunks.length !== record.chunks) throw new StoredFileNotFoundError(key);
    return Buffer.concat(chunks, record.size);
  }

  async open(key: string): Promise<StoredFileStream> {
    const { size, chunks: count } = await this.record(key);
    const chunks = this.chunks;
    async function* inOrder(): AsyncGenerator<Buffer> {
      for (let seq = 0; seq < count; seq++) {
        const chunk = await chunks.read(key, seq);
        // Removed while being read: the sweep only removes files no document references, so this is a stale link.
        if (!chunk) throw new StoredFileNotFoundError(key);
        yield chunk;
      }
    }
    // Byte mode with a chunk's worth of buffer: object mode would read 16 chunks ahead of a slow client.
    return { size, stream: Readable.from(inOrder(), { objectMode: false, highWaterMark: CHUNK_BYTES }) };
  }

  async exists(key: string): Promise<boolean> {
    return this.records.exists(checkedFileKey(key));
  }

  async remove(key: string): Promise<void> {
    await this.records.delete(checkedFileKey(key));
    await this.chunks.removeAll(key);
  }

  async storedBefore(before: number): Promise<{ keys: string[]; unfinished: string[] }> {
    return {
      keys: await this.records.keysStoredBefore(before),
      unfinished: await this.chunks.unfinishedBefore(before),
    };
  }

  async removeUnfinished(name: string): Promise<void> {
    await this.chunks.removeUnfinished(checkedFileKey(name));
  }

  publicPath(key: string): string {
    return filesPath(key);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private async write(key: string, bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
    checkedFileKey(key);
    const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const createdAt = Date.now();
    let seq = 0;
    for (let offset = 0; offset < whole.length || seq === 0; offset += CHUNK_BYTES) {
      await this.chunks.insert(key, seq++, whole.subarray(offset, offset + CHUNK_BYTES), createdAt);
    }
    const sha256 = sha256Hex(whole);
    await this.records.insert({ key, sha256, size: whole.length, chunks: seq, createdAt });
    return { sha256, size: whole.length };
  }

  private async record(key: string): Promise<StoredFileRecord> {
    const record = await this.records.find(checkedFileKey(key));
    if (!record) throw new StoredFileNotFoundError(key);
    return record;
  }
}
