import { Command } from 'commander';
import { listedAppView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { listing } from '../summary';
import { jsonOption } from './json-option';

export const appsListCommand = () =>
  new Command('apps:list')
    .description('list the apps, oldest first: names, environments, scopes and last use, never a secret')
    .option('--consumer <id>', 'only the apps of this consumer (bcn_...)')
    .addOption(jsonOption())
    .action((options: OutputOptions & { consumer?: string }) =>
      runCommand(options, async (context) => {
        const apps = (await context.get(TenantsService).listApps(options.consumer)).map(listedAppView);
        const human = listing(
          'apps',
          apps.map((app) => [
            app.appId,
            `${app.name} (${app.environment}, consumer ${app.consumerId}): ${app.scopes.join(', ')}`,
            app.createdAt,
            app.lastUsedAt,
          ]),
        );
        return { json: { apps }, human };
      }),
    );
