import { Injectable } from '@nestjs/common';
import { digestsEqual, sha256Hex } from '../common/crypto/digest';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { newId } from '../common/ids/random-id';
import type { ApiKey } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { ConsumerApp } from './consumer-app.entity';
import { ConsumerAppRepository } from './consumer-app.repository';
import type { Consumer } from './consumer.entity';
import { ConsumerRepository } from './consumer.repository';
import { API_KEY_PREFIX, Environment, environmentOfApiKey } from './environment';
import type { KeyHolder } from './key-holder';
import { KeyHolderCache } from './key-holder.cache';
import { KeyUsageRecorder } from './key-usage.recorder';
import { CibaDeliveryMode, DEFAULT_CIBA_DELIVERY_MODE, cibaDeliveryIssues } from './ciba-delivery';
import { oidcClientUriIssues } from './oidc-client-uris';
import { DEFAULT_OIDC_PROFILE, OidcProfile, oidcProfileIssues } from './oidc-profile';
import { DEFAULT_ID_TOKEN_SIGNING_ALG, IdTokenSigningAlg } from './id-token-signing-alg';
import { redirectUriIssues } from './redirect-uris';
import { generateRsaKeyPair, normaliseRsaPublicKey } from './rsa-public-key';
import { DEFAULT_SCOPES, Scope } from './scopes';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';

export interface NewApp {
  /** Given only for an app of the deployment itself (its console's); any other app gets a new random id. */
  id?: string;
  consumerId: string;
  name: string;
  environment: Environment;
  scopes?: Scope[];
  /** RSA public key (PEM) for claims; when absent a pair is generated and its private half returned once. */
  publicKeyPem?: string;
}

/** What creating an app reveals, once: the secrets are not stored in a form that can be shown again. */
export interface CreatedApp {
  app: ConsumerApp;
  appSecret: string;
  webhookSecret: string;
  privateKeyPem?: string;
}

/** How an app acts as an OpenID client; what is left out stays as it was. */
export interface OidcClientChanges {
  redirectUris?: string[];
  publicClient?: boolean;
  idTokenSigningAlg?: IdTokenSigningAlg;
  oidcProfile?: OidcProfile;
  cibaDeliveryMode?: CibaDeliveryMode;
  /** Null removes it. */
  cibaNotificationEndpoint?: string | null;
  /** Null removes it. */
  backchannelLogoutUri?: string | null;
  /** Null removes it: the app's registered RSA key authenticates it again. */
  jwksUri?: string | null;
}

/** A record of a list, and when any API key under it was last used (null while none was). */
export type Used<T> = T & { lastUsedAt: number | null };

export interface CreatedApiKey {
  record: ApiKey;
  apiKey: string;
}

@Injectable()
export class TenantsService {
  private readonly webhookSecrets: SealedColumn<ConsumerApp>;

  constructor(
    private readonly consumers: ConsumerRepository,
    private readonly apps: ConsumerAppRepository,
    private readonly keys: ApiKeyRepository,
    private readonly holders: KeyHolderCache,
    private readonly keyUsage: KeyUsageRecorder,
    sealedColumns: SealedColumns,
  ) {
    this.webhookSecrets = sealedColumns.register({
      entity: ConsumerApp,
      idProperty: 'id',
      valueProperty: 'webhookSecret',
    });
  }

  /** `id` is given only for the deployment's own consumer (its console's); any other gets a new random id. */
  async createConsumer(name: string, id = newId.consumer(), billed = true): Promise<Consumer> {
    return this.consumers.add({ id, name, billed, createdAt: Date.now() });
  }

  /** Every consumer, oldest first. */
  async listConsumers(): Promise<Array<Used<Consumer>>> {
    const [consumers, lastUsed] = await Promise.all([this.consumers.all(), this.keys.lastUsePerConsumer()]);
    return consumers.map((consumer) => ({ ...consumer, lastUsedAt: lastUsed.get(consumer.id) ?? null }));
  }

  /** Every app, or those of one consumer, oldest first. */
  async listApps(consumerId?: string): Promise<Array<Used<ConsumerApp>>> {
    if (consumerId !== undefined) await this.findConsumer(consumerId);
    const [apps, lastUsed] = await Promise.all([this.apps.list(consumerId), this.keys.lastUsePerApp()]);
    return apps.map((app) => ({ ...app, lastUsedAt: lastUsed.get(app.id) ?? null }));
  }

  /** Notes that a request presented the key; written to the database once a minute, for all keys at once. */
  keyUsed(holder: KeyHolder): void {
    this.keyUsage.used(holder.key.id);
  }

  async findConsumer(consumerId: string): Promise<Consumer> {
    const consumer = await this.consumers.find(consumerId);
    if (!consumer) throw new NotFoundError(`Consumer ${consumerId} does not exist`);
    return consumer;
  }

  async createApp(input: NewApp): Promise<CreatedApp> {
    await this.findConsumer(input.consumerId);
    const generated = input.publicKeyPem ? undefined : await generateRsaKeyPair();
    const appSecret = newId.appSecret();
    const webhookSecret = newId.webhookSecret();
    const id = input.id ?? newId.app();
    const now = Date.now();
    const app = await this.apps.add({
      id,
      consumerId: input.consumerId,
      name: input.name,
      environment: input.environment,
      scopes: [...new Set(input.scopes ?? DEFAULT_SCOPES)],
      secretDigest: sha256Hex(appSecret),
      redirectUris: [],
      publicClient: false,
      idTokenSigningAlg: DEFAULT_ID_TOKEN_SIGNING_ALG,
      oidcProfile: DEFAULT_OIDC_PROFILE,
      cibaDeliveryMode: DEFAULT_CIBA_DELIVERY_MODE,
      cibaNotificationEndpoint: null,
      backchannelLogoutUri: null,
      jwksUri: null,
      publicKeyPem: generated?.publicKeyPem ?? normaliseRsaPublicKey(input.publicKeyPem as string),
      webhookSecret: this.webhookSecrets.seal(id, webhookSecret),
      createdAt: now,
      secretRotatedAt: now,
    });
    return { app, appSecret, webhookSecret, privateKeyPem: generated?.privateKeyPem };
  }

  /** The app's `whsec_` secret, which signs its webhooks; kept sealed in the database. */
  webhookSecretOf(app: ConsumerApp): string {
    return this.webhookSecrets.open(app.id, app.webhookSecret);
  }

  async findApp(appId: string): Promise<ConsumerApp> {
    const app = await this.apps.find(appId);
    if (!app) throw new NotFoundError(`App ${appId} does not exist`);
    return app;
  }

  /** Replaces the app secret; the old one stops working at once. */
  async rotateAppSecret(appId: string): Promise<{ app: ConsumerApp; appSecret: string }> {
    const app = await this.findApp(appId);
    const appSecret = newId.appSecret();
    app.secretDigest = sha256Hex(appSecret);
    app.secretRotatedAt = Date.now();
    const saved = await this.apps.save(app);
    await this.holders.appChanged(appId);
    return { app: saved, appSecret };
  }

  /**
   * Replaces the app's redirect URIs (refused whole, with one issue per bad entry), its public-client flag, its ID
   * token signing algorithm, its profile, its CIBA settings, its back-channel logout URI or its `jwks_uri` (refused when
   * they would not hold together).
   */
  async updateOidcClient(appId: string, changes: OidcClientChanges): Promise<ConsumerApp> {
    if (changes.redirectUris) {
      const issues = redirectUriIssues(changes.redirectUris);
      if (issues.length > 0) throw new RequestValidationError(issues);
    }
    const app = await this.findApp(appId);
    if (changes.redirectUris) app.redirectUris = [...new Set(changes.redirectUris)];
    if (changes.publicClient !== undefined) app.publicClient = changes.publicClient;
    if (changes.idTokenSigningAlg !== undefined) app.idTokenSigningAlg = changes.idTokenSigningAlg;
    if (changes.oidcProfile !== undefined) app.oidcProfile = changes.oidcProfile;
    if (changes.cibaDeliveryMode !== undefined) app.cibaDeliveryMode = changes.cibaDeliveryMode;
    if (changes.cibaNotificationEndpoint !== undefined) app.cibaNotificationEndpoint = changes.cibaNotificationEndpoint;
    if (changes.backchannelLogoutUri !== undefined) app.backchannelLogoutUri = changes.backchannelLogoutUri;
    if (changes.jwksUri !== undefined) app.jwksUri = changes.jwksUri;
    const issues = [...oidcProfileIssues(app), ...cibaDeliveryIssues(app), ...oidcClientUriIssues(app)];
    if (issues.length > 0) throw new RequestValidationError(issues);
    const saved = await this.apps.save(app);
    await this.holders.appChanged(appId);
    return saved;
  }

  appSecretMatches(app: ConsumerApp, appSecret: string): boolean {
    return digestsEqual(sha256Hex(appSecret), app.secretDigest);
  }

  async createApiKey(appId: string): Promise<CreatedApiKey> {
    const app = await this.findApp(appId);
    const apiKey = newId.apiKey(app.environment);
    const record = await this.keys.add({
      id: newId.apiKeyRecord(),
      appId: app.id,
      environment: app.environment,
      digest: sha256Hex(apiKey),
      hint: `${API_KEY_PREFIX[app.environment]}...${apiKey.slice(-4)}`,
      createdAt: Date.now(),
      revokedAt: null,
    });
    // An instance may have been asked for this key before it existed, and remember it as unknown.
    await this.holders.keyChanged(record.digest);
    return { record, apiKey };
  }

  /** Revokes by record id (`key_...`) or by the key itself; revoking twice keeps the first revocation time. */
  async revokeApiKey(idOrKey: string): Promise<ApiKey> {
    const record = idOrKey.startsWith('key_')
      ? await this.keys.find(idOrKey)
      : await this.keys.findByDigest(sha256Hex(idOrKey));
    if (!record) throw new NotFoundError('API key does not exist');
    if (record.revokedAt === null) {
      record.revokedAt = Date.now();
      await this.keys.save(record);
      await this.holders.keyChanged(record.digest);
    }
    return record;
  }

  async listApiKeys(appId: string): Promise<ApiKey[]> {
    await this.findApp(appId);
    return this.keys.listOf(appId);
  }

  /**
   * Looks a presented key up by digest. Answers `revoked` rather than null for a revoked key so the caller can say so;
   * a key whose prefix does not match its app's environment is treated as unknown.
   */
  async findKeyHolder(apiKey: string): Promise<KeyHolder | 'revoked' | null> {
    return holderUnlessRevoked(await this.findKeyOwner(apiKey));
  }

  /**
   * findKeyHolder's answer when the cache of key holders has it at hand, as it has for every key in use: a request
   * goes on in the same turn, with no promise to wait for. Undefined when the answer has to be looked up.
   */
  knownKeyHolder(apiKey: string): KeyHolder | 'revoked' | null | undefined {
    if (!environmentOfApiKey(apiKey)) return null;
    const owner = this.holders.known(sha256Hex(apiKey));
    return owner === undefined ? undefined : holderUnlessRevoked(owner);
  }

  /**
   * The app and consumer a presented key belongs to, revoked or not (usage metering attributes refused calls too);
   * null for an unknown key, or one whose prefix does not match its app's environment. Answered from the cache of key
   * holders, which every change to a key or an app empties on every instance.
   */
  async findKeyOwner(apiKey: string): Promise<KeyHolder | null> {
    const environment = environmentOfApiKey(apiKey);
    if (!environment) return null;
    const digest = sha256Hex(apiKey);
    return this.holders.find(digest, () => this.loadKeyOwner(digest, environment));
  }

  private async loadKeyOwner(digest: string, environment: Environment): Promise<KeyHolder | null> {
    const key = await this.keys.findWithOwner(digest);
    if (!key?.app?.consumer || key.environment !== environment || key.app.environment !== environment) return null;
    const { app } = key;
    const consumer = app.consumer as Consumer;
    delete key.app;
    delete app.consumer;
    return { key, app, consumer };
  }
}

function holderUnlessRevoked(owner: KeyHolder | null): KeyHolder | 'revoked' | null {
  if (!owner) return null;
  return owner.key.revokedAt !== null ? 'revoked' : owner;
}
