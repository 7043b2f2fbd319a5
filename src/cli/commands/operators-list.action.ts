import { operatorView } from '../../admin/operator-views';
import { OperatorsModule } from '../../operators/operators.module';
import { OperatorsService } from '../../operators/operators.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { listing } from '../summary';

export const action: CliAction<OutputOptions> = {
  needs: { imports: [OperatorsModule] },
  async run(context) {
    const operators = (await context.get(OperatorsService).list()).map(operatorView);
    const human = listing(
      { singular: 'operator' },
      operators.map((operator) => [operator.id, `${operator.name} (${operator.role})`, operator.createdAt]),
    );
    return { json: { operators }, human };
  },
};
