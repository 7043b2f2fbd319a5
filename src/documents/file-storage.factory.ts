import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import { DatabaseFileStorage } from './database-file-storage';
import type { FileStorage, FileStorageKind } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import type { S3Location } from './s3-file-storage';

/**
 * The storage of one kind, as the settings configure it: FILE_STORAGE's own, or another for `files:migrate`. The S3
 * client loads only for S3 storage: it is a tenth of a second of every other start.
 */
export async function fileStorageOf(
  kind: FileStorageKind,
  config: AppConfig,
  dataSource: DataSource,
): Promise<FileStorage> {
  switch (kind) {
    case 'local':
      return LocalFileStorage.underDataDir(config.DATA_DIR);
    case 'database':
      return new DatabaseFileStorage(dataSource);
    case 's3': {
      const location = s3LocationOf(config);
      const { S3FileStorage } = await import('./s3-file-storage');
      return new S3FileStorage(location);
    }
  }
}

/** The S3_* settings, of which some are required only once the bucket is used. */
function s3LocationOf(config: AppConfig): S3Location {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  const problems = [
    ...(S3_BUCKET ? [] : ['S3_BUCKET is required with FILE_STORAGE=s3']),
    ...(Boolean(S3_ACCESS_KEY_ID) === Boolean(S3_SECRET_ACCESS_KEY)
      ? []
      : ['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all']),
  ];
  if (problems.length > 0 || !S3_BUCKET) throw new ConfigError(problems);
  return {
    bucket: S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    keyPrefix: config.S3_KEY_PREFIX,
    credentials:
      S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
