import { Command } from 'commander';
import { apiKeyView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, listing } from '../summary';
import { jsonOption } from './json-option';

export const keysListCommand = () =>
  new Command('keys:list')
    .description("list an app's API keys, oldest first, revoked ones included; never the keys themselves")
    .requiredOption('--app <id>', 'app id (app_...)')
    .addOption(jsonOption())
    .action((options: OutputOptions & { app: string }) =>
      runCommand(options, async (context) => {
        const keys = (await context.get(TenantsService).listApiKeys(options.app)).map(apiKeyView);
        const human = listing(
          `API keys of app ${options.app}`,
          keys.map((key) => [
            key.id,
            `${key.hint} (${key.environment})${key.revokedAt === null ? '' : `, revoked ${isoTime(key.revokedAt)}`}`,
            key.createdAt,
            key.lastUsedAt,
          ]),
        );
        return { json: { keys }, human };
      }),
    );
