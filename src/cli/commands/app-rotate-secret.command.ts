import { Command } from 'commander';
import { rotatedSecretView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const appRotateSecretCommand = () =>
  new Command('app:rotate-secret')
    .description('replace the app secret; the old one stops working at once')
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: OutputOptions & { app: string }) =>
      runCommand(options, async (context) => {
        const app = rotatedSecretView(await context.get(TenantsService).rotateAppSecret(options.app));
        return {
          json: app,
          human: summary(`New secret for app ${app.appId}; the old one no longer works`, {
            'app secret': app.appSecret,
          }),
        };
      }),
    );
