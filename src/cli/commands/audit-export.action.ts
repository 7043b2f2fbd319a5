import { type AuditEntryView, auditEntryView } from '../../admin/operator-views';
import { OperatorAuditService } from '../../operators/operator-audit.service';
import { OperatorsModule } from '../../operators/operators.module';
import type { CliAction, OutputOptions } from '../cli-action';

export interface AuditExportOptions extends OutputOptions {
  after?: string;
}

export const action: CliAction<AuditExportOptions> = {
  needs: { imports: [OperatorsModule] },
  async run(context, options) {
    const entries: AuditEntryView[] = [];
    for await (const entry of context.get(OperatorAuditService).all(options.after)) entries.push(auditEntryView(entry));
    return { json: { entries }, human: entries.map((entry) => JSON.stringify(entry)).join('\n') };
  },
};
