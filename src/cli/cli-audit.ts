import type { INestApplicationContext, ModuleMetadata } from '@nestjs/common';
import { OperatorAuditService } from '../operators/operator-audit.service';
import { OperatorsModule } from '../operators/operators.module';
import type { CliAction, CommandResult } from './cli-action';

/** The actor of a change made with the CLI: whoever can run it on the service's host and database. */
const CLI_ACTOR = 'cli';

/** What a command's context needs: with the audit log when the command changes something. */
export function needsOf<Options>(action: CliAction<Options>): Pick<ModuleMetadata, 'imports' | 'providers'> {
  if (!action.audit) return action.needs;
  return { ...action.needs, imports: [...(action.needs.imports ?? []), OperatorsModule] };
}

/** Records what a changing command did in the operators' audit log, and how it ended. */
export async function recordChange<Options>(
  context: INestApplicationContext,
  action: CliAction<Options>,
  options: Options,
  outcome: { status: number; made?: CommandResult['json'] },
): Promise<void> {
  if (!action.audit) return;
  const { command, target } = action.audit;
  const { status, made } = outcome;
  await context
    .get(OperatorAuditService)
    .record({ actor: CLI_ACTOR, action: command, target: target(options, made), status });
}

/** The named ids of a command's answer that it holds: what a create made, for its audit entry. */
export function madeIds(made: CommandResult['json'] | undefined, ...names: string[]): Record<string, string> {
  const fields = (made ?? {}) as Record<string, unknown>;
  return Object.fromEntries(names.flatMap((name) => (typeof fields[name] === 'string' ? [[name, fields[name]]] : [])));
}
