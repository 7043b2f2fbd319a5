import { Command } from 'commander';
import { listedConsumerView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { listing } from '../summary';
import { jsonOption } from './json-option';

export const consumersListCommand = () =>
  new Command('consumers:list')
    .description('list the consumers, oldest first, and when any key of their apps was last used')
    .addOption(jsonOption())
    .action((options: OutputOptions) =>
      runCommand(options, async (context) => {
        const consumers = (await context.get(TenantsService).listConsumers()).map(listedConsumerView);
        const human = listing(
          'consumers',
          consumers.map((consumer) => [consumer.id, consumer.name, consumer.createdAt, consumer.lastUsedAt]),
        );
        return { json: { consumers }, human };
      }),
    );
