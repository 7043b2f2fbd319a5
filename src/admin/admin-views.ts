import { CLAIM_KEYS, ClaimKey } from '../claims/claim-catalog';
import type { ClaimValues } from '../persons/claim-values';
import type { ApiKey } from '../tenants/api-key.entity';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import type { Consumer } from '../tenants/consumer.entity';
import type { Environment } from '../tenants/environment';
import type { CibaDeliveryMode } from '../tenants/ciba-delivery';
import type { OidcProfile } from '../tenants/oidc-profile';
import type { IdTokenSigningAlg } from '../tenants/id-token-signing-alg';
import type { Scope } from '../tenants/scopes';
import type { CreatedApiKey, CreatedApp, Used } from '../tenants/tenants.service';
import type { Device, DeviceAlgorithm } from '../devices/device.entity';
import type { Holder, HolderWithDevices } from './admin-persons.service';

/**
 * What the operator sees of consumers, apps, keys, persons and devices, through the admin API and the CLI alike. Digests never leave
 * the service; secrets appear only in the answer that created them. Times are Unix seconds, as in the public API.
 */
export interface ConsumerView {
  id: string;
  name: string;
  createdAt: number;
}

export interface AppView {
  /** `appId` wherever an app is named, in the admin API, the CLI and the flows alike. */
  appId: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  publicKey: string;
  /** Where "Log in with OIDC" may send a browser back, compared exactly. */
  redirectUris: string[];
  /** A public OpenID client proves itself by PKCE alone. */
  publicClient: boolean;
  /** How "Log in with OIDC" signs the app's ID tokens. */
  idTokenSigningAlg: IdTokenSigningAlg;
  /** basic, or fapi2: the FAPI 2.0 Security Profile for its OpenID logins. */
  oidcProfile: OidcProfile;
  /** Whether the app may start CIBA logins, and how it hears their outcome. */
  cibaDeliveryMode: CibaDeliveryMode;
  /** Where a CIBA login in ping mode notifies the app. */
  cibaNotificationEndpoint: string | null;
  /** Where a logout token is posted when a person logs out. */
  backchannelLogoutUri: string | null;
  /** Where the app's keys for private_key_jwt are fetched, in place of its RSA key. */
  jwksUri: string | null;
  createdAt: number;
  secretRotatedAt: number;
}

/** A consumer in the operator's list: when any key of its apps was last used. */
export interface ListedConsumerView extends ConsumerView {
  lastUsedAt: number | null;
}

/** An app in the operator's list: who it is and what it may do, never a secret nor its key. */
export interface ListedAppView {
  appId: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface CreatedAppView extends AppView {
  appSecret: string;
  webhookSecret: string;
  /** Only when the service generated the key pair. */
  privateKey?: string;
}

export interface RotatedSecretView extends AppView {
  appSecret: string;
}

export interface ApiKeyView {
  id: string;
  appId: string;
  environment: Environment;
  hint: string;
  createdAt: number;
  revokedAt: number | null;
  /** To the minute; null while no request presented the key. */
  lastUsedAt: number | null;
}

export interface CreatedApiKeyView extends ApiKeyView {
  apiKey: string;
}

/** Which claims a person holds, never their values: those are personal data. */
export interface PersonView {
  nin: string;
  environment: Environment;
  name: string;
  /** Dot-notation claim keys in catalog order, e.g. `naming.name`. */
  claims: ClaimKey[];
  hasDigitalId: boolean;
}

/** A device, never its key. */
export interface DeviceView {
  id: string;
  alg: DeviceAlgorithm;
  label: string;
  createdAt: number;
  revokedAt: number | null;
  /** The built-in device of a synthetic sandbox person, through which the sandbox simulator acts. */
  virtual: boolean;
}

export interface PersonWithDevicesView {
  person: PersonView;
  devices: DeviceView[];
}

/** Unix seconds, as every admin answer gives times. */
export const seconds = (epochMs: number) => Math.floor(epochMs / 1000);
const secondsOrNull = (epochMs: number | null) => (epochMs === null ? null : seconds(epochMs));

export function consumerView(consumer: Consumer): ConsumerView {
  return { id: consumer.id, name: consumer.name, createdAt: seconds(consumer.createdAt) };
}

export function listedConsumerView(consumer: Used<Consumer>): ListedConsumerView {
  return { ...consumerView(consumer), lastUsedAt: secondsOrNull(consumer.lastUsedAt) };
}

/** Who an app is and what it may do: what every view of it starts with. */
const appIdentity = (app: ConsumerApp) => ({
  appId: app.id,
  consumerId: app.consumerId,
  name: app.name,
  environment: app.environment,
  scopes: app.scopes,
});

export function listedAppView(app: Used<ConsumerApp>): ListedAppView {
  return { ...appIdentity(app), createdAt: seconds(app.createdAt), lastUsedAt: secondsOrNull(app.lastUsedAt) };
}

export function appView(app: ConsumerApp): AppView {
  return {
    ...appIdentity(app),
    publicKey: app.publicKeyPem,
    redirectUris: app.redirectUris,
    publicClient: app.publicClient,
    idTokenSigningAlg: app.idTokenSigningAlg,
    oidcProfile: app.oidcProfile,
    cibaDeliveryMode: app.cibaDeliveryMode,
    cibaNotificationEndpoint: app.cibaNotificationEndpoint,
    backchannelLogoutUri: app.backchannelLogoutUri,
    jwksUri: app.jwksUri,
    createdAt: seconds(app.createdAt),
    secretRotatedAt: seconds(app.secretRotatedAt),
  };
}

/** An app as the admin API answers it: also under `id`, the admin API's first spelling, kept for existing scripts. */
export type AdminAppView<T extends AppView = AppView> = T & { id: string };

export const withLegacyAppId = <T extends AppView>(view: T): AdminAppView<T> => ({ id: view.appId, ...view });

export function createdAppView({ app, appSecret, webhookSecret, privateKeyPem }: CreatedApp): CreatedAppView {
  return {
    ...appView(app),
    appSecret,
    webhookSecret,
    ...(privateKeyPem ? { privateKey: privateKeyPem } : {}),
  };
}

export function rotatedSecretView({ app, appSecret }: { app: ConsumerApp; appSecret: string }): RotatedSecretView {
  return { ...appView(app), appSecret };
}

export function apiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    appId: key.appId,
    environment: key.environment,
    hint: key.hint,
    createdAt: seconds(key.createdAt),
    revokedAt: secondsOrNull(key.revokedAt),
    lastUsedAt: secondsOrNull(key.lastUsedAt),
  };
}

export function createdApiKeyView({ record, apiKey }: CreatedApiKey): CreatedApiKeyView {
  return { ...apiKeyView(record), apiKey };
}

function claimKeysOf(claims: ClaimValues): ClaimKey[] {
  return CLAIM_KEYS.filter((key) => {
    const [group, name] = key.split('.');
    return claims[group]?.[name] !== undefined;
  });
}

export function personView({ person, hasDigitalId }: Holder): PersonView {
  return {
    nin: person.nin,
    environment: person.environment,
    name: person.displayName,
    claims: claimKeysOf(person.claims),
    hasDigitalId,
  };
}

export function deviceView(device: Device): DeviceView {
  return {
    id: device.id,
    alg: device.alg,
    label: device.label,
    createdAt: seconds(device.createdAt),
    revokedAt: secondsOrNull(device.revokedAt),
    virtual: device.virtualPrivateJwk !== null,
  };
}

export function personWithDevicesView(holder: HolderWithDevices): PersonWithDevicesView {
  return { person: personView(holder), devices: holder.devices.map(deviceView) };
}
