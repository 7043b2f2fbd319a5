import { Command } from 'commander';
import { DocumentArchiveService } from '../../documents/document-archive.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const archiveRenewCommand = () =>
  new Command('archive:renew')
    .description(
      "add a fresh DSS and document timestamp to a completed document's stamped copy now (archive renewal), as the " +
        'service does before its latest timestamp certificate expires',
    )
    .requiredOption('--document <id>', 'the document flow id (doc_...)')
    .addOption(jsonOption())
    .action((options: OutputOptions & { document: string }) =>
      runCommand(
        options,
        async (context) => {
          const renewed = await context.get(DocumentArchiveService).renewNow(options.document);
          return {
            json: { document: options.document, renewed },
            human: summary(
              renewed
                ? `Archive timestamp of ${options.document} renewed`
                : `${options.document} was renewed by another instance meanwhile: nothing done`,
              {},
            ),
          };
        },
        { flows: true },
      ),
    );
