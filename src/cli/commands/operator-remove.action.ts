import { operatorView } from '../../admin/operator-views';
import { OperatorsModule } from '../../operators/operators.module';
import { OperatorsService } from '../../operators/operators.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { OperatorOptions } from './operator-options';

export const action: CliAction<OperatorOptions> = {
  needs: { imports: [OperatorsModule] },
  audit: { command: 'operator:remove', target: (options) => ({ operatorId: options.operator }) },
  async run(context, options) {
    const operator = operatorView(await context.get(OperatorsService).remove(options.operator));
    return { json: operator, human: summary(`Operator ${operator.id} removed`, { name: operator.name }) };
  },
};
