import type { INestApplication } from '@nestjs/common';
import { TenantsService } from '../../src/tenants/tenants.service';
import type { Environment } from '../../src/tenants/environment';
import type { Scope } from '../../src/tenants/scopes';

export interface TestTenant {
  consumerId: string;
  appId: string;
  apiKey: string;
  apiKeyId: string;
  appSecret: string;
  privateKeyPem: string;
  webhookSecret: string;
  environment: Environment;
}

/** A consumer with one app and one API key, made through the same service the CLI and admin API use. */
export async function createTenant(
  app: INestApplication,
  options: { environment?: Environment; scopes?: Scope[]; consumerId?: string } = {},
): Promise<TestTenant> {
  const tenants = app.get(TenantsService);
  const environment = options.environment ?? 'sandbox';
  const consumerId = options.consumerId ?? (await tenants.createConsumer('Test consumer')).id;
  const created = await tenants.createApp({ consumerId, name: 'Test app', environment, scopes: options.scopes });
  const key = await tenants.createApiKey(created.app.id);
  return {
    consumerId,
    appId: created.app.id,
    apiKey: key.apiKey,
    apiKeyId: key.record.id,
    appSecret: created.appSecret,
    privateKeyPem: created.privateKeyPem as string,
    webhookSecret: created.webhookSecret,
    environment,
  };
}
