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

  it('refuses SIGNING_PROVIDERS that is not a list of providers', () => {
    for (const text of ['not json', '{}', '[]', '["x"]']) expect(() => providers(text)).toThrow(ConfigError);
  });

  it('refuses an entry the admin API would refuse, naming the entry and the field', () => {
    const entry = (changes: object) => ({ ...JSON.parse(deployment)[0], ...changes });
    const problemsOf = (entries: object[]) => {
      try {
        providers(JSON.stringify(entries));
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    const rule = 'an http(s) URL, the CSC API base URI (https://.../csc/v2)';
    expect(
      problemsOf([
        entry({}),
        entry({ baseUrl: 'ftp://csc.example/csc/v2' }),
        entry({ baseUrl: 'https://user:password@csc.example/csc/v2' }),
        entry({ baseUrl: 'https://csc.example/csc/v2#info' }),
        entry({ clientSecret: '' }),
        entry({ clientId: 7 }),
      ]),
    ).toEqual([
      `SIGNING_PROVIDERS[1].baseUrl must be ${rule}`,
      `SIGNING_PROVIDERS[2].baseUrl must be ${rule}`,
      `SIGNING_PROVIDERS[3].baseUrl must be ${rule}`,
      'SIGNING_PROVIDERS[4].clientSecret must be a non-empty string',
      'SIGNING_PROVIDERS[5].clientId must be a non-empty string',
    ]);
  });
});
