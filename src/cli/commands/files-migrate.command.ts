import { Command, Option } from 'commander';
import type { FileStorageKind } from '../../documents/file-storage';
import { runCommand } from '../run-command';
import type { FilesMigrateOptions } from './files-migrate.action';
import { jsonOption } from './json-option';

const KINDS: FileStorageKind[] = ['local', 'database', 's3'];

export const filesMigrateCommand = () =>
  new Command('files:migrate')
    .description(
      'copy every stored file to another FILE_STORAGE under the same keys (links keep working); run it again to ' +
        'finish an interrupted run, then set FILE_STORAGE to the target',
    )
    .addOption(new Option('--to <storage>', 'where the files go').choices(KINDS).makeOptionMandatory())
    .addOption(
      // Local disk was the only storage before FILE_STORAGE existed, so an existing deployment's files are there.
      new Option('--from <storage>', 'where the files are now').choices(KINDS).default('local'),
    )
    .addOption(jsonOption())
    .action((options: FilesMigrateOptions) => runCommand(options, () => import('./files-migrate.action')));
