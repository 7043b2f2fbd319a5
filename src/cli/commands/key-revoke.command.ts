import { Command } from 'commander';
import { apiKeyView } from '../../admin/admin-views';
import { TenantsService } from '../../tenants/tenants.service';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, summary } from '../summary';
import { jsonOption } from './json-option';

export const keyRevokeCommand = () =>
  new Command('key:revoke')
    .description('revoke an API key; it stops working at once')
    .requiredOption('--key <id or key>', 'the key record id (key_...) or the key itself')
    .addOption(jsonOption())
    .action((options: OutputOptions & { key: string }) =>
      runCommand(options, async (context) => {
        const key = apiKeyView(await context.get(TenantsService).revokeApiKey(options.key));
        return {
          json: key,
          human: summary(`API key ${key.id} (${key.hint}) of app ${key.appId} revoked`, {
            'revoked at': isoTime(key.revokedAt as number),
          }),
        };
      }),
    );
