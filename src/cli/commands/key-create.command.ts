import { Command } from 'commander';
import { createdApiKeyView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const keyCreateCommand = () =>
  new Command('key:create')
    .description('create an API key for an app; prints the key once')
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: OutputOptions & { app: string }) =>
      runCommand(options, async (context) => {
        const key = createdApiKeyView(await context.get(TenantsService).createApiKey(options.app));
        return {
          json: key,
          human: summary(`API key ${key.id} created for app ${key.appId}; shown only now`, { 'API key': key.apiKey }),
        };
      }),
    );
