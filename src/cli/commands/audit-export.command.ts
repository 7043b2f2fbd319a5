import { Command } from 'commander';
import { runCommand } from '../run-command';
import type { AuditExportOptions } from './audit-export.action';

export const auditExportCommand = () =>
  new Command('audit:export')
    .description('print the audit log of what operators changed as JSON lines, oldest first')
    .option('--after <id>', 'only the entries made after this one (aud_...)')
    .action((options: AuditExportOptions) => runCommand(options, () => import('./audit-export.action')));
