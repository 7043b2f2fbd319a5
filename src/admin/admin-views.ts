import { CLAIM_KEYS, ClaimKey } from '../claims/claim-catalog';
import type { ClaimValues } from '../persons/claim-values';
import type { ApiKey } from '../tenants/api-key.entity';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import type { Consumer } from '../tenants/consumer.entity';
import type { CreatedApiKey, CreatedApp, Used } from '../tenants/tenants.service';
import type { Device } from '../devices/device.entity';
import type { Holder, HolderWithDevices } from './admin-persons.service';
import type {
  ApiKeyView,
  AppView,
  ConsumerView,
  CreatedApiKeyView,
  CreatedAppView,
  DeviceView,
  ListedAppView,
  ListedConsumerView,
  PersonView,
  PersonWithDevicesView,
  RotatedSecretView,
} from './admin-view-types';

/**
 * What the operator sees of consumers, apps, keys, persons and devices, through the admin API and the CLI alike, made
 * from what the service holds (admin-view-types.ts says what each is).
 */

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
