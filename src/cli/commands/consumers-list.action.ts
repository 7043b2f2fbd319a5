import { listedConsumerView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { listing } from '../summary';

export const action: CliAction<OutputOptions> = {
  needs: { imports: [TenantsModule] },
  async run(context) {
    const consumers = (await context.get(TenantsService).listConsumers()).map(listedConsumerView);
    const human = listing(
      { singular: 'consumer' },
      consumers.map((consumer) => [consumer.id, consumer.name, consumer.createdAt, consumer.lastUsedAt]),
    );
    return { json: { consumers }, human };
  },
};
