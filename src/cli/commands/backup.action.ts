import { EmbeddedBackup } from '../../database/embedded-backup';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export interface BackupOptions extends OutputOptions {
  target: string;
}

export const action: CliAction<BackupOptions> = {
  needs: { providers: [EmbeddedBackup] },
  async run(context, options) {
    const backup = await context.get(EmbeddedBackup).write(options.target);
    const human = summary(`Backup written to ${backup.path} (owner-only)`, {
      database: `${backup.databaseBytes} bytes`,
      files: String(backup.files),
      'key-encryption key': backup.keyIncluded ? 'included' : 'not included: keep KEY_ENCRYPTION_KEY with it',
    });
    return { json: backup, human };
  },
};
