import { auditEntryView } from '../../admin/operator-views';
import type { OperatorAuditEntry } from '../../operators/operator-audit-entry.entity';
import { OperatorAuditService } from '../../operators/operator-audit.service';
import { OperatorsModule } from '../../operators/operators.module';
import type { CliAction, OutputOptions } from '../cli-action';

export interface AuditExportOptions extends OutputOptions {
  after?: string;
}

export const action: CliAction<AuditExportOptions> = {
  needs: { imports: [OperatorsModule] },
  async run(context, options) {
    return { lines: asJsonLines(context.get(OperatorAuditService).all(options.after)) };
  },
};

async function* asJsonLines(entries: AsyncIterable<OperatorAuditEntry>): AsyncGenerator<string> {
  for await (const entry of entries) yield JSON.stringify(auditEntryView(entry));
}
