import { apiKeyView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { isoTime, summary } from '../summary';

export interface KeyRevokeOptions extends OutputOptions {
  key: string;
}

export const action: CliAction<KeyRevokeOptions> = {
  needs: { imports: [TenantsModule] },
  audit: { command: 'key:revoke', target: (options) => ({ keyId: options.key }) },
  async run(context, options) {
    const key = apiKeyView(await context.get(TenantsService).revokeApiKey(options.key));
    return {
      json: key,
      human: summary(`API key ${key.id} (${key.hint}) of app ${key.appId} revoked`, {
        'revoked at': isoTime(key.revokedAt as number),
      }),
    };
  },
};
