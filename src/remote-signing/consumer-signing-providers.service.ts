import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { newId } from '../common/ids/random-id';
import { OutboundClient } from '../common/outbound/outbound-client';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { SealedColumn } from '../key-encryption/sealed-column';
import { SealedColumns } from '../key-encryption/sealed-columns';
import type { Environment } from '../tenants/environment';
import { TenantsService } from '../tenants/tenants.service';
import { CSC_BASE_URL_RULE, isCallableCscBaseUrl } from './csc-base-url';
import { CscClient, type CscInfo } from './csc-client';
import { ConsumerSigningProvider } from './consumer-signing-provider.entity';
import { ConsumerSigningProviderRepository } from './consumer-signing-provider.repository';
import { SigningProviderExistsError } from './errors/signing-provider-exists.error';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';

/** What an operator says of a provider: where it is, the OAuth2 client idflow is there, and which documents it signs. */
export interface SigningProviderSettings {
  environment: Environment;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface NewSigningProvider extends SigningProviderSettings {
  name: string;
}

/** What a provider answered a check: its `info` and whether it accepted idflow's client, or what went wrong. */
export interface SigningProviderCheck {
  ok: boolean;
  info?: CscInfo;
  problem?: string;
}

/**
 * The remote signing providers each consumer configures through the admin API or CLI: a consumer's `advanced`
 * documents of an environment are signed at the first of its providers for that environment. Client secrets are
 * sealed at rest and never answered.
 */
@Injectable()
export class ConsumerSigningProvidersService {
  private readonly secrets: SealedColumn<ConsumerSigningProvider>;
  /**
   * The client of each provider as its row stood when it was made: its access token then serves every signature until
   * it expires, where a client made per attempt asked the provider for a token each time. A row replaced (on any
   * instance) reads back with a new sealed secret, and so gets a new client.
   */
  private readonly clients = new Map<string, { settings: string; client: CscClient }>();

  constructor(
    private readonly providers: ConsumerSigningProviderRepository,
    private readonly tenants: TenantsService,
    private readonly outbound: OutboundClient,
    sealedColumns: SealedColumns,
  ) {
    this.secrets = sealedColumns.register({
      entity: ConsumerSigningProvider,
      idProperty: 'id',
      valueProperty: 'clientSecret',
    });
  }

  async add(consumerId: string, input: NewSigningProvider): Promise<ConsumerSigningProvider> {
    await this.tenants.findConsumer(consumerId);
    const baseUrl = checkedBaseUrl(input.baseUrl);
    const id = newId.signingProvider();
    const now = Date.now();
    const provider: ConsumerSigningProvider = {
      id,
      consumerId,
      name: input.name,
      environment: input.environment,
      baseUrl,
      clientId: input.clientId,
      clientSecret: this.secrets.seal(id, input.clientSecret),
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.providers.insert(provider);
    } catch (error) {
      if (isUniqueViolation(error)) throw new SigningProviderExistsError(input.name);
      throw error;
    }
    return provider;
  }

  async list(consumerId: string): Promise<ConsumerSigningProvider[]> {
    await this.tenants.findConsumer(consumerId);
    return this.providers.listOf(consumerId);
  }

  /** Replaces a provider's settings whole: a new address, client or rotated secret, kept under its name. */
  async replace(consumerId: string, name: string, settings: SigningProviderSettings): Promise<ConsumerSigningProvider> {
    const found = await this.find(consumerId, name);
    const changes = {
      environment: settings.environment,
      baseUrl: checkedBaseUrl(settings.baseUrl),
      clientId: settings.clientId,
      clientSecret: this.secrets.seal(found.id, settings.clientSecret),
      updatedAt: Date.now(),
    };
    if (!(await this.providers.update(found.id, changes))) throw notFound(consumerId, name);
    return { ...found, ...changes };
  }

  async remove(consumerId: string, name: string): Promise<ConsumerSigningProvider> {
    const found = await this.find(consumerId, name);
    await this.providers.delete(found.id);
    this.clients.delete(found.id);
    return found;
  }

  /**
   * Asks the provider its CSC `info`, then a token for idflow's client: whether documents could be signed there. A new
   * client asks, so that a token kept from before cannot answer for credentials the provider has since refused.
   */
  async check(consumerId: string, name: string): Promise<SigningProviderCheck> {
    const client = this.newClient(await this.find(consumerId, name));
    let info: CscInfo | undefined;
    try {
      info = await client.info();
      await client.authenticate();
      return { ok: true, info };
    } catch (error) {
      if (!(error instanceof SigningProviderFailure)) throw error;
      return { ok: false, ...(info ? { info } : {}), problem: error.message };
    }
  }

  /** The client of the consumer's provider for documents of this environment, if it configured one. */
  async clientFor(consumerId: string, environment: Environment): Promise<CscClient | undefined> {
    const provider = (await this.providers.listOf(consumerId)).find((entry) => entry.environment === environment);
    return provider && this.keptClient(provider);
  }

  private async find(consumerId: string, name: string): Promise<ConsumerSigningProvider> {
    await this.tenants.findConsumer(consumerId);
    const provider = await this.providers.find(consumerId, name);
    if (!provider) throw notFound(consumerId, name);
    return provider;
  }

  private keptClient(provider: ConsumerSigningProvider): CscClient {
    const settings = JSON.stringify([provider.name, provider.baseUrl, provider.clientId, provider.clientSecret]);
    const kept = this.clients.get(provider.id);
    if (kept?.settings === settings) return kept.client;
    const client = this.newClient(provider);
    this.clients.set(provider.id, { settings, client });
    return client;
  }

  private newClient(provider: ConsumerSigningProvider): CscClient {
    const { name, baseUrl, clientId } = provider;
    const clientSecret = this.secrets.open(provider.id, provider.clientSecret);
    return new CscClient({ name, baseUrl, clientId, clientSecret }, this.outbound);
  }
}

function notFound(consumerId: string, name: string): NotFoundError {
  return new NotFoundError(`Consumer ${consumerId} has no signing provider named ${name}`);
}

function checkedBaseUrl(text: string): string {
  if (!isCallableCscBaseUrl(text)) {
    const message = `baseUrl must be ${CSC_BASE_URL_RULE}`;
    throw new RequestValidationError([{ code: 'invalid_string', path: ['baseUrl'], message }], message);
  }
  return text;
}
