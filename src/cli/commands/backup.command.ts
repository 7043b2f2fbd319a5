import { Command } from 'commander';
import { EmbeddedBackup } from '../../database/embedded-backup';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const backupCommand = () =>
  new Command('backup')
    .description(
      'copy the embedded database, its key file and stored files into a new directory, while the service runs; the ' +
        'copy holds the key-encryption key: keep it as safe as the key',
    )
    .argument('<dir>', 'the directory to write; it must not exist')
    .addOption(jsonOption())
    .action((target: string, options: OutputOptions) =>
      runCommand(options, async (context) => {
        const backup = await context.get(EmbeddedBackup).write(target);
        const human = summary(`Backup written to ${backup.path} (owner-only)`, {
          database: `${backup.databaseBytes} bytes`,
          files: String(backup.files),
          'key-encryption key': backup.keyIncluded ? 'included' : 'not included: keep KEY_ENCRYPTION_KEY with it',
        });
        return { json: backup, human };
      }),
    );
