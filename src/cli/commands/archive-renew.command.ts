import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { ArchiveRenewOptions } from './archive-renew.action';
import { jsonOption } from './json-option';

export const archiveRenewCommand = () =>
  new Command('archive:renew')
    .description(
      "add a fresh DSS and document timestamp to a completed document's stamped copy now (archive renewal), as the " +
        'service does before its latest timestamp certificate expires',
    )
    .requiredOption('--document <id>', 'the document flow id (doc_...)')
    .addOption(jsonOption())
    .action((options: ArchiveRenewOptions) => runCommand(options, () => import('./archive-renew.action')));
