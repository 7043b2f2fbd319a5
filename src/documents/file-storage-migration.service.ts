import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { FileStorageKind } from './file-storage';
import { fileStorageOf } from './file-storage.factory';

/** What one `files:migrate` did. */
export interface FileMigrationResult {
  /** Files copied to the new storage. */
  moved: number;
  /** Files the new storage held already (an earlier run), left as they were. */
  present: number;
}

/**
 * Copies a deployment's files from one storage to another under the same keys, so every document's links keep
 * working. A file is copied only when the target lacks it, and a write shows its key only once complete, so a run that
 * stopped midway is finished by running it again. The source is left as it was: it goes once the instances run on the
 * target and it is no longer needed.
 */
@Injectable()
export class FileStorageMigration {
  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async migrate(from: FileStorageKind, to: FileStorageKind): Promise<FileMigrationResult> {
    if (from === to) throw new Error(`Files are already in ${to} storage: --from and --to must differ`);
    const source = await fileStorageOf(from, this.config, this.dataSource);
    const target = await fileStorageOf(to, this.config, this.dataSource);
    try {
      // Everything stored so far: any moment later than now.
      const { keys } = await source.storedBefore(Number.MAX_SAFE_INTEGER);
      const result: FileMigrationResult = { moved: 0, present: 0 };
      // One file at a time: memory stays at one file, and the database or bucket sees one writer.
      for (const key of keys) {
        if (await target.exists(key)) {
          result.present++;
          continue;
        }
        await target.putAt(key, await source.get(key));
        result.moved++;
      }
      return result;
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  }
}
