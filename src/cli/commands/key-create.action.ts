import { createdApiKeyView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import { madeIds } from '../cli-audit';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { AppOptions } from './app-option';

export const action: CliAction<AppOptions> = {
  needs: { imports: [TenantsModule] },
  audit: { command: 'key:create', target: (options, made) => ({ appId: options.app, ...madeIds(made, 'id') }) },
  async run(context, options) {
    const key = createdApiKeyView(await context.get(TenantsService).createApiKey(options.app));
    return {
      json: key,
      human: summary(`API key ${key.id} created for app ${key.appId}; shown only now`, { 'API key': key.apiKey }),
    };
  },
};
