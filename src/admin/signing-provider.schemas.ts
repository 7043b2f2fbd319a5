import { arrayOf, boolean, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { ENVIRONMENTS } from '../tenants/environment';

export const SIGNING_PROVIDER_SCHEMA = namedSchema(
  'SigningProvider',
  object({
    consumerId: string(),
    name: string("The provider's name within its consumer"),
    environment: oneOfStrings(ENVIRONMENTS, "The consumer's documents it signs: sandbox or production ones"),
    baseUrl: string('The CSC API v2 base URI, the one its `info` is under'),
    clientId: string("idflow's OAuth2 client at the provider"),
    clientSecretSet: boolean('Whether a client secret is stored (sealed at rest); the secret is never answered'),
    createdAt: unixSeconds(),
    updatedAt: unixSeconds('Unix seconds of the last replacement'),
  }),
);

export const SIGNING_PROVIDER_LIST_SCHEMA = namedSchema(
  'SigningProviders',
  object({ signingProviders: arrayOf(SIGNING_PROVIDER_SCHEMA) }),
);

export const SIGNING_PROVIDER_CHECK_SCHEMA = namedSchema(
  'SigningProviderCheck',
  object(
    {
      name: string(),
      ok: boolean("Whether the provider answered `info` and gave idflow's client an access token"),
      info: object(
        { specs: string(), name: string(), region: string(), methods: arrayOf(string()) },
        { optional: ['specs', 'name', 'region', 'methods'], description: 'What its CSC `info` said' },
      ),
      problem: string('What went wrong, as the provider or the network said it'),
    },
    { optional: ['info', 'problem'] },
  ),
);
