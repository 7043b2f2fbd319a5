import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { fileStorageOf } from './file-storage.factory';
import { FileStorageMigration } from './file-storage-migration.service';

/** Stored files (DESIGN section 2): the FILE_STORAGE backend, and the move from one backend to another. */
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [AppConfig, getDataSourceToken()],
      useFactory: (config: AppConfig, dataSource: DataSource) => fileStorageOf(config.FILE_STORAGE, config, dataSource),
    },
    FileStorageMigration,
  ],
  exports: [FILE_STORAGE, FileStorageMigration],
})
export class FileStorageModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): Promise<void> {
    return this.storage.close();
  }
}
