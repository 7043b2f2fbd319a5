import { Injectable } from '@nestjs/common';
import { OutboundClient } from '../common/outbound/outbound-client';
import { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/errors/config.error';
import type { Environment } from '../tenants/environment';
import { ConsumerSigningProvidersService } from './consumer-signing-providers.service';
import { CSC_BASE_URL_RULE, isCallableCscBaseUrl } from './csc-base-url';
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

/**
 * SIGNING_PROVIDERS as a list of providers, each with every field given and an address the admin API would take for a
 * consumer's provider: anything else stops the start, naming the entry and the field.
 */
function parseProviders(text: string | undefined): SigningProviderEntry[] {
  if (!text) return [];
  const shape = 'SIGNING_PROVIDERS must be a JSON array of { name, baseUrl, clientId, clientSecret } (strings)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError([shape]);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new ConfigError([shape]);
  const fields = ['name', 'baseUrl', 'clientId', 'clientSecret'] as const;
  const problems = parsed.flatMap((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) return [`SIGNING_PROVIDERS[${index}] must be an object`];
    const record = entry as Record<string, unknown>;
    const missing = fields.filter((field) => typeof record[field] !== 'string' || record[field] === '');
    if (missing.length > 0) {
      return missing.map((field) => `SIGNING_PROVIDERS[${index}].${field} must be a non-empty string`);
    }
    if (!isCallableCscBaseUrl(record.baseUrl as string)) {
      return [`SIGNING_PROVIDERS[${index}].baseUrl must be ${CSC_BASE_URL_RULE}`];
    }
    return [];
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed as SigningProviderEntry[];
}
