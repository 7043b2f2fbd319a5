import { operatorView } from '../../admin/operator-views';
import { OperatorsModule } from '../../operators/operators.module';
import { OperatorsService } from '../../operators/operators.service';
import type { OperatorRole } from '../../operators/operator-role';
import type { CliAction, OutputOptions } from '../cli-action';
import { isoTime, summary } from '../summary';

export interface OperatorAddOptions extends OutputOptions {
  nin: string;
  name: string;
  role: OperatorRole;
}

export const action: CliAction<OperatorAddOptions> = {
  needs: { imports: [OperatorsModule] },
  audit: { command: 'operator:add', target: (options) => ({ nin: options.nin }) },
  async run(context, options) {
    const operator = operatorView(await context.get(OperatorsService).add(options.nin, options.name, options.role));
    return {
      json: operator,
      human: summary(`Operator ${operator.id} added`, {
        name: operator.name,
        role: operator.role,
        'added at': isoTime(operator.createdAt),
      }),
    };
  },
};
