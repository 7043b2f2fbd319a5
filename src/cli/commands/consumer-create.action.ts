import { consumerView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import { madeIds } from '../cli-audit';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export interface ConsumerCreateOptions extends OutputOptions {
  name: string;
}

export const action: CliAction<ConsumerCreateOptions> = {
  needs: { imports: [TenantsModule] },
  audit: { command: 'consumer:create', target: (_options, made) => madeIds(made, 'id') },
  async run(context, options) {
    const consumer = consumerView(await context.get(TenantsService).createConsumer(options.name));
    return { json: consumer, human: summary(`Consumer ${consumer.id} created`, { name: consumer.name }) };
  },
};
