import { Command } from 'commander';
import { consumerView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const consumerCreateCommand = () =>
  new Command('consumer:create')
    .description('create a consumer: the organisation that owns apps')
    .requiredOption('--name <name>', 'name of the organisation')
    .addOption(jsonOption())
    .action((options: OutputOptions & { name: string }) =>
      runCommand(options, async (context) => {
        const consumer = consumerView(await context.get(TenantsService).createConsumer(options.name));
        return { json: consumer, human: summary(`Consumer ${consumer.id} created`, { name: consumer.name }) };
      }),
    );
