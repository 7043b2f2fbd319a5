import { listedAppView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { listing } from '../summary';

export interface AppsListOptions extends OutputOptions {
  consumer?: string;
}

export const action: CliAction<AppsListOptions> = {
  needs: { imports: [TenantsModule] },
  async run(context, options) {
    const apps = (await context.get(TenantsService).listApps(options.consumer)).map(listedAppView);
    const human = listing(
      { singular: 'app' },
      apps.map((app) => [
        app.appId,
        `${app.name} (${app.environment}, consumer ${app.consumerId}): ${app.scopes.join(', ')}`,
        app.createdAt,
        app.lastUsedAt,
      ]),
    );
    return { json: { apps }, human };
  },
};
