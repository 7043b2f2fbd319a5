import { Injectable } from '@nestjs/common';
import { OutboundClient } from '../common/outbound/outbound-client';
import { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import type { Environment } from '../tenants/environment';
import { ConsumerSigningProvidersService } from './consumer-signing-providers.service';
import { CscClient } from './csc-client';
import { SANDBOX_CLIENT, cscBasePath } from './csc-constants';
import { SigningProviderFailure } from './errors/signing-provider-failure.error';
import type { SigningProviderEntry } from './signing-provider-entry';

/**
 * The remote signing providers signees' own signatures are made at: the document's consumer's own provider for its
 * environment (admin API, CLI) first; else SIGNING_PROVIDERS, read and checked at start, of which the first signs;
 * else sandbox documents go to the sandbox provider idflow serves itself, and production documents have none.
 */
@Injectable()
export class SigningProviders {
  private readonly configured: CscClient[];
  private readonly sandbox: CscClient;

  constructor(
    config: AppConfig,
    outbound: OutboundClient,
    private readonly consumers: ConsumerSigningProvidersService,
  ) {
    this.configured = parseProviders(config.SIGNING_PROVIDERS).map((entry) => new CscClient(entry, outbound));
    this.sandbox = new CscClient(
      {
        name: 'sandbox',
        baseUrl: `${config.BASE_URL}/${cscBasePath}`,
        clientId: SANDBOX_CLIENT.id,
        clientSecret: SANDBOX_CLIENT.secret,
      },
      outbound,
    );
  }

  /** The provider a document of this consumer and environment is signed at. */
  async for(document: { consumerId: string; environment: Environment }): Promise<CscClient> {
    const own = await this.consumers.clientFor(document.consumerId, document.environment);
    if (own) return own;
    const [first] = this.configured;
    if (first) return first;
    if (document.environment === 'sandbox') return this.sandbox;
    throw new SigningProviderFailure(
      'No remote signing provider is configured (the consumer has none for production, nor SIGNING_PROVIDERS)',
    );
  }
}

function parseProviders(text: string | undefined): SigningProviderEntry[] {
  if (!text) return [];
  const problem = 'SIGNING_PROVIDERS must be a JSON array of { name, baseUrl, clientId, clientSecret } (strings)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError([problem]);
  }
  const fields = ['name', 'baseUrl', 'clientId', 'clientSecret'] as const;
  const valid = (entry: unknown): entry is SigningProviderEntry =>
    typeof entry === 'object' &&
    entry !== null &&
    fields.every((field) => typeof (entry as Record<string, unknown>)[field] === 'string') &&
    /^https?:\/\//.test((entry as SigningProviderEntry).baseUrl);
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(valid)) throw new ConfigError([problem]);
  return parsed;
}
