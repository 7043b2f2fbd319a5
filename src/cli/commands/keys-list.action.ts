import { apiKeyView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction } from '../cli-action';
import { isoTime, listing } from '../summary';
import type { AppOptions } from './app-option';

export const action: CliAction<AppOptions> = {
  needs: { imports: [TenantsModule] },
  async run(context, options) {
    const keys = (await context.get(TenantsService).listApiKeys(options.app)).map(apiKeyView);
    const human = listing(
      { singular: 'API key', of: ` of app ${options.app}` },
      keys.map((key) => [
        key.id,
        `${key.hint} (${key.environment})${key.revokedAt === null ? '' : `, revoked ${isoTime(key.revokedAt)}`}`,
        key.createdAt,
        key.lastUsedAt,
      ]),
    );
    return { json: { keys }, human };
  },
};
