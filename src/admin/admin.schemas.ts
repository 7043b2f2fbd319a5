import {
  arrayOf,
  boolean,
  extending,
  nullable,
  object,
  oneOfStrings,
  string,
  unixSeconds,
} from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { CLAIM_KEYS } from '../claims/claim-catalog';
import { DEVICE_ALGORITHMS } from '../devices/device-algorithm';
import { FLOW_KINDS } from '../flows/flow-kind';
import { ENVIRONMENTS } from '../tenants/environment';
import { CIBA_DELIVERY_MODES } from '../tenants/ciba-delivery';
import { OIDC_PROFILES } from '../tenants/oidc-profile';
import { ID_TOKEN_SIGNING_ALGS } from '../tenants/id-token-signing-alg';
import { SCOPES } from '../tenants/scopes';

/** Response schemas of the admin API (`admin-views.ts`): secrets appear only in the answer that made them. */

const ENVIRONMENT = oneOfStrings(ENVIRONMENTS);

export const CONSUMER_SCHEMA = namedSchema(
  'Consumer',
  object({ id: string(), name: string(), createdAt: unixSeconds() }),
);

export const APP_SCHEMA = namedSchema(
  'App',
  object({
    appId: string(),
    id: { ...string('The same as appId, under the name the admin API first gave it'), deprecated: true },
    consumerId: string(),
    name: string(),
    environment: ENVIRONMENT,
    scopes: arrayOf(oneOfStrings(SCOPES)),
    publicKey: string('PEM of the RSA key claims are encrypted for'),
    redirectUris: arrayOf(string(), 'Where "Log in with OIDC" may send a browser back, compared exactly'),
    publicClient: boolean('A public OpenID client proves itself by PKCE alone'),
    idTokenSigningAlg: oneOfStrings(ID_TOKEN_SIGNING_ALGS, 'How "Log in with OIDC" signs the app\'s ID tokens'),
    oidcProfile: oneOfStrings(OIDC_PROFILES, 'basic, or fapi2: the FAPI 2.0 Security Profile for its OpenID logins'),
    cibaDeliveryMode: oneOfStrings(
      CIBA_DELIVERY_MODES,
      'Whether the app may start CIBA logins, and how it hears of them',
    ),
    cibaNotificationEndpoint: nullable(string('Where a CIBA login in ping mode notifies the app')),
    backchannelLogoutUri: nullable(string('Where a logout token is posted when a person logs out')),
    jwksUri: nullable(string("Where the app's keys for private_key_jwt are fetched, in place of its RSA key")),
    createdAt: unixSeconds(),
    secretRotatedAt: unixSeconds(),
  }),
);

const LAST_USED = nullable(unixSeconds('When any of its API keys was last used, to the minute; null while none was'));

export const CONSUMER_LIST_SCHEMA = namedSchema(
  'ConsumerList',
  object({
    consumers: arrayOf(object({ id: string(), name: string(), createdAt: unixSeconds(), lastUsedAt: LAST_USED })),
  }),
);

export const APP_LIST_SCHEMA = namedSchema(
  'AppList',
  object({
    apps: arrayOf(
      object({
        appId: string(),
        consumerId: string(),
        name: string(),
        environment: ENVIRONMENT,
        scopes: arrayOf(oneOfStrings(SCOPES)),
        createdAt: unixSeconds(),
        lastUsedAt: LAST_USED,
      }),
    ),
  }),
);

export const CREATED_APP_SCHEMA = namedSchema(
  'CreatedApp',
  extending(
    APP_SCHEMA,
    object(
      {
        appSecret: string('Shown once'),
        webhookSecret: string('Shown once'),
        privateKey: string('Only when the service made the key pair: PKCS#8 PEM, shown once'),
      },
      { optional: ['privateKey'] },
    ),
  ),
);

export const ROTATED_SECRET_SCHEMA = namedSchema(
  'RotatedAppSecret',
  extending(APP_SCHEMA, object({ appSecret: string('Shown once') })),
);

export const API_KEY_SCHEMA = namedSchema(
  'ApiKeyRecord',
  object({
    id: string(),
    appId: string(),
    environment: ENVIRONMENT,
    hint: string('The prefix and the last four characters'),
    createdAt: unixSeconds(),
    revokedAt: nullable(unixSeconds()),
    lastUsedAt: nullable(unixSeconds('Unix seconds, to the minute; null while no request presented the key')),
  }),
);

export const CREATED_API_KEY_SCHEMA = namedSchema(
  'CreatedApiKey',
  extending(API_KEY_SCHEMA, object({ apiKey: string('Shown once') })),
);

export const API_KEY_LIST_SCHEMA = namedSchema('ApiKeyRecords', object({ keys: arrayOf(API_KEY_SCHEMA) }));

const PERSON_SCHEMA = namedSchema(
  'Person',
  object({
    nin: string(),
    environment: ENVIRONMENT,
    name: string(),
    claims: arrayOf(oneOfStrings(CLAIM_KEYS), 'Which claims the person holds, never their values'),
    hasDigitalId: boolean(),
  }),
);

export const PERSON_ANSWER_SCHEMA = namedSchema('PersonAnswer', object({ person: PERSON_SCHEMA }));

export const DEVICE_SCHEMA = namedSchema(
  'Device',
  object({
    id: string(),
    alg: oneOfStrings(DEVICE_ALGORITHMS),
    label: string(),
    createdAt: unixSeconds(),
    revokedAt: nullable(unixSeconds('When the operator or the holder revoked it; null while it works')),
    virtual: boolean('The built-in device of a synthetic sandbox person'),
  }),
);

export const PERSON_WITH_DEVICES_SCHEMA = namedSchema(
  'PersonWithDevices',
  object({ person: PERSON_SCHEMA, devices: arrayOf(DEVICE_SCHEMA, 'Active devices, oldest first') }),
);

export const DEVICE_LIST_SCHEMA = namedSchema(
  'DeviceList',
  object({ devices: arrayOf(DEVICE_SCHEMA, 'Every device enrolled for the NIN, revoked ones included, oldest first') }),
);

export const ENROLLMENT_CODE_SCHEMA = namedSchema(
  'EnrollmentCode',
  object({ code: string(), nin: string(), environment: ENVIRONMENT, expiresAt: unixSeconds() }),
);

export const SANDBOX_BOOTSTRAP_SCHEMA = namedSchema(
  'SandboxBootstrap',
  object({
    consumerId: string(),
    appId: string(),
    apiKey: string(),
    appSecret: string(),
    privateKey: string("PKCS#8 PEM of the app's claims key"),
    webhookSecret: string(),
    testPersons: arrayOf(object({ nin: string(), name: string() })),
    ninWithoutDigitalId: string(),
  }),
);

export const ARCHIVE_RENEWAL_SCHEMA = namedSchema(
  'ArchiveRenewal',
  object({
    document: string('The document id'),
    renewed: boolean('Whether this call renewed the copy; false when another renewal got there first'),
  }),
);

export const SEAL_REVOCATION_SCHEMA = namedSchema(
  'SealRevocation',
  object({
    revoked: string('Serial number (hex) of the revoked seal certificate'),
    revokedAt: unixSeconds('When it was revoked'),
    replacedBy: string('Serial number (hex) of the seal certificate documents are sealed with from now on'),
  }),
);

export const ADMIN_FLOW_SCHEMA = namedSchema(
  'AdminFlow',
  object({
    id: string(),
    kind: oneOfStrings(FLOW_KINDS),
    startMode: string(),
    action: string(),
    status: string(),
    endReason: nullable(string('Why it ended, where its status alone does not say')),
    consumerId: string(),
    appId: string(),
    appName: string(),
    environment: oneOfStrings(ENVIRONMENTS),
    reference: nullable(string('The webhook reference the integrator gave it')),
    device: nullable(string('The device that holds it')),
    intendedUse: nullable(
      string("A wallet flow (identification or signing): the app's registered intended use it was created under"),
    ),
    createdAt: unixSeconds(),
    expiresAt: unixSeconds(),
    updatedAt: unixSeconds(),
    timeline: arrayOf(object({ at: unixSeconds(), event: string() }), 'What happened to it, oldest first'),
  }),
);

export const ADMIN_FLOW_LIST_SCHEMA = namedSchema('AdminFlows', object({ flows: arrayOf(ADMIN_FLOW_SCHEMA) }));
