import type { Scope } from '../../tenants/scopes';
import type { Environment } from '../../tenants/environment';
import { readFileSync } from 'node:fs';
import { createdAppView } from '../../admin/admin-views';
import { TenantsModule } from '../../tenants/tenants.module';
import { TenantsService } from '../../tenants/tenants.service';
import { madeIds } from '../cli-audit';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export interface AppCreateOptions extends OutputOptions {
  consumer: string;
  name: string;
  env: Environment;
  scopes?: Scope[];
  publicKey?: string;
}

function readPublicKey(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the public key file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

export const action: CliAction<AppCreateOptions> = {
  needs: { imports: [TenantsModule] },
  audit: {
    command: 'app:create',
    target: (options, made) => ({ consumerId: options.consumer, ...madeIds(made, 'appId') }),
  },
  async run(context, options) {
    const publicKeyPem = options.publicKey === undefined ? undefined : readPublicKey(options.publicKey);
    const app = createdAppView(
      await context.get(TenantsService).createApp({
        consumerId: options.consumer,
        name: options.name,
        environment: options.env,
        scopes: options.scopes,
        publicKeyPem,
      }),
    );
    const human = summary(`App ${app.appId} created (${app.environment}); the secrets below are shown only now`, {
      consumer: app.consumerId,
      name: app.name,
      scopes: app.scopes.join(', '),
      'app secret': app.appSecret,
      'webhook secret': app.webhookSecret,
      'claims key': app.privateKey ? 'generated; private key below' : 'the public key given',
    });
    return { json: app, human: app.privateKey ? `${human}\n\n${app.privateKey.trimEnd()}` : human };
  },
};
