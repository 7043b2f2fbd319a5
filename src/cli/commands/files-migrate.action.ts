import type { FileStorageKind } from '../../documents/file-storage';
import { FileStorageMigration } from '../../documents/file-storage-migration.service';
import { FileStorageModule } from '../../documents/file-storage.module';
import type { CliAction, OutputOptions } from '../cli-action';
import { counted, summary } from '../summary';

export interface FilesMigrateOptions extends OutputOptions {
  from: FileStorageKind;
  to: FileStorageKind;
}

export const action: CliAction<FilesMigrateOptions> = {
  needs: { imports: [FileStorageModule] },
  audit: { command: 'files:migrate', target: (options) => ({ from: options.from, to: options.to }) },
  async run(context, options) {
    const result = await context.get(FileStorageMigration).migrate(options.from, options.to);
    const { from, to } = options;
    return {
      json: { from, to, ...result },
      human: summary(`Moved ${counted(result.moved, 'file')} from ${from} to ${to} storage`, {
        moved: String(result.moved),
        'already there': String(result.present),
      }),
    };
  },
};
