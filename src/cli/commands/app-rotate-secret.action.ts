import { rotatedSecretView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { AppOptions } from './app-option';

export const action: CliAction<AppOptions> = {
  needs: { imports: [TenantsModule] },
  audit: { command: 'app:rotate-secret', target: (options) => ({ appId: options.app }) },
  async run(context, options) {
    const app = rotatedSecretView(await context.get(TenantsService).rotateAppSecret(options.app));
    return {
      json: app,
      human: summary(`New secret for app ${app.appId}; the old one no longer works`, { 'app secret': app.appSecret }),
    };
  },
};
