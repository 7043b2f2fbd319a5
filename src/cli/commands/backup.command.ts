import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { BackupOptions } from './backup.action';
import { jsonOption } from './json-option';

export const backupCommand = () =>
  new Command('backup')
    .description(
      'copy the embedded database, its key file and stored files into a new directory, while the service runs; the ' +
        'copy holds the key-encryption key: keep it as safe as the key',
    )
    .argument('<dir>', 'the directory to write; it must not exist')
    .addOption(jsonOption())
    .action((target: string, options: Omit<BackupOptions, 'target'>) =>
      runCommand({ ...options, target }, () => import('./backup.action')),
    );
