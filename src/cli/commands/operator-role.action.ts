import { operatorView } from '../../admin/operator-views';
import { OperatorsModule } from '../../operators/operators.module';
import { OperatorsService } from '../../operators/operators.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { OperatorRoleOptions } from './operator-options';

export const action: CliAction<OperatorRoleOptions> = {
  needs: { imports: [OperatorsModule] },
  audit: { command: 'operator:role', target: (options) => ({ operatorId: options.operator }) },
  async run(context, options) {
    const operator = operatorView(await context.get(OperatorsService).changeRole(options.operator, options.role));
    return {
      json: operator,
      human: summary(`Operator ${operator.id} is now ${operator.role}`, { name: operator.name }),
    };
  },
};
