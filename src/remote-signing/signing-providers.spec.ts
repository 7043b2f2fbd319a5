import type { OutboundClient } from '../common/outbound/outbound-client';
import type { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import type { Environment } from '../tenants/environment';
import type { ConsumerSigningProvidersService } from './consumer-signing-providers.service';
import { CscClient } from './csc-client';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import { SigningProviders } from './signing-providers';

const outbound = {} as OutboundClient;
const ACME = 'bcn_acme';

/** A consumer, ACME, with its own provider for production documents only. */
const consumers = {
  clientFor: (consumerId: string, environment: Environment) =>
    Promise.resolve(
      consumerId === ACME && environment === 'production'
        ? new CscClient(
            { name: 'acme-qtsp', baseUrl: 'https://qtsp.example/csc/v2', clientId: 'a', clientSecret: 's' },
            outbound,
          )
        : undefined,
    ),
} as unknown as ConsumerSigningProvidersService;

const providers = (SIGNING_PROVIDERS?: string) =>
  new SigningProviders({ BASE_URL: 'http://localhost:3000', SIGNING_PROVIDERS } as AppConfig, outbound, consumers);
const deployment = JSON.stringify([
  { name: 'deployment', baseUrl: 'https://csc.example/csc/v2', clientId: 'c', clientSecret: 's' },
]);
const nameFor = async (from: SigningProviders, consumerId: string, environment: Environment) =>
  (await from.for({ consumerId, environment })).name;

describe('SigningProviders', () => {
  it("signs at the consumer's own provider for the document's environment first, then SIGNING_PROVIDERS", async () => {
    const configured = providers(deployment);
    await expect(nameFor(configured, ACME, 'production')).resolves.toBe('acme-qtsp');
    await expect(nameFor(configured, ACME, 'sandbox')).resolves.toBe('deployment');
    await expect(nameFor(configured, 'bcn_other', 'production')).resolves.toBe('deployment');
  });

  it('falls back to the sandbox provider for sandbox documents only', async () => {
    const unconfigured = providers();
    await expect(nameFor(unconfigured, ACME, 'production')).resolves.toBe('acme-qtsp');
    await expect(nameFor(unconfigured, 'bcn_other', 'sandbox')).resolves.toBe('sandbox');
    await expect(unconfigured.for({ consumerId: 'bcn_other', environment: 'production' })).rejects.toThrow(
      SigningProviderFailure,
    );
  });

  it('refuses SIGNING_PROVIDERS that is not a list of providers with http(s) addresses', () => {
    expect(() => providers('[{"name":"x","baseUrl":"ftp://x","clientId":"c","clientSecret":"s"}]')).toThrow(
      ConfigError,
    );
  });
});
