import { DocumentArchiveService } from '../../documents/document-archive.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { FLOW_MODULES } from '../flow-modules';
import { summary } from '../summary';

export interface ArchiveRenewOptions extends OutputOptions {
  document: string;
}

export const action: CliAction<ArchiveRenewOptions> = {
  needs: { imports: FLOW_MODULES },
  audit: { command: 'archive:renew', target: (options) => ({ documentId: options.document }) },
  async run(context, options) {
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
};
