import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { isUniqueViolation } from '../common/persistence/unique-violation';
import type { Environment } from '../tenants/environment';
import { TenantsService } from '../tenants/tenants.service';
import { IntendedUseExceededError } from './errors/intended-use-exceeded.error';
import { IntendedUseExistsError } from './errors/intended-use-exists.error';
import { UnprovableClaimsError } from './errors/unprovable-claims.error';
import { CREDENTIAL_QUERY_IDS, isAgeClaim, unprovableClaims } from './pid-claims';
import { REGISTRABLE_CREDENTIALS } from './registrable-credentials';
import type { WalletAsk } from './wallet-ask';
import { WalletIntendedUse } from './wallet-intended-use.entity';
import { WalletIntendedUseRepository } from './wallet-intended-use.repository';

export interface NewIntendedUse {
  name: string;
  purpose: string;
  credentials: string[];
  claims: string[];
}

/** What a wallet create says of its intended use: its name, and the purpose the integrator would show. */
export interface IntendedUseChoice {
  intendedUse?: string;
  purpose?: string;
}

/**
 * The intended uses each app registers with the operator (eIDAS Article 5b): a name, the purpose the person's wallet
 * shows, and the credential types and claims it may ask for. Every wallet create of an app that registered any is held
 * to one of them; a production app must have registered one, since a relying party never asks more than it
 * registered. A sandbox app that registered none asks as before, so trying the wallet mode takes no operator.
 */
@Injectable()
export class IntendedUsesService {
  constructor(
    private readonly uses: WalletIntendedUseRepository,
    private readonly tenants: TenantsService,
  ) {}

  async register(appId: string, input: NewIntendedUse): Promise<WalletIntendedUse> {
    await this.tenants.findApp(appId);
    const claims = [...new Set(input.claims)];
    const unprovable = unprovableClaims(claims);
    if (unprovable.length > 0) throw new UnprovableClaimsError(unprovable, claims);
    const onlyAge = input.credentials.every((type) => REGISTRABLE_CREDENTIALS[type] === 'av_mdoc');
    if (onlyAge && !claims.every(isAgeClaim)) {
      throw refused('claims', 'An age attestation proves the age claims only: register a PID type beside it');
    }
    const use: WalletIntendedUse = {
      appId,
      name: input.name,
      purpose: input.purpose,
      credentials: [...new Set(input.credentials)],
      claims,
      createdAt: Date.now(),
    };
    try {
      await this.uses.insert(use);
    } catch (error) {
      if (isUniqueViolation(error)) throw new IntendedUseExistsError(input.name);
      throw error;
    }
    return use;
  }

  async list(appId: string): Promise<WalletIntendedUse[]> {
    await this.tenants.findApp(appId);
    return this.uses.listOf(appId);
  }

  async remove(appId: string, name: string): Promise<WalletIntendedUse> {
    const use = await this.uses.find(appId, name);
    if (!use) throw new NotFoundError(`App ${appId} has no intended use named ${name}`);
    await this.uses.delete(appId, name);
    return use;
  }

  /**
   * What a wallet create of this app may ask, held to its intended use: the one it names, or the app's only one. It
   * is refused with a 400 when it asks claims beyond it, names none of several or one not registered, or gives a
   * purpose other than the registered one, which is what the wallet shows.
   */
  async askOf(
    app: { id: string; environment: Environment },
    claims: readonly string[],
    choice: IntendedUseChoice,
  ): Promise<WalletAsk> {
    const uses = await this.uses.listOf(app.id);
    if (uses.length === 0 && app.environment === 'sandbox' && choice.intendedUse === undefined) {
      return { purpose: choice.purpose, queries: CREDENTIAL_QUERY_IDS };
    }
    const use = this.chosen(uses, choice.intendedUse);
    const beyond = claims.filter((claim) => !use.claims.includes(claim));
    if (beyond.length > 0) throw new IntendedUseExceededError(use.name, beyond, claims);
    if (choice.purpose !== undefined && choice.purpose !== use.purpose) {
      throw refused('purpose', `purpose must be left out, or be the intended use's registered one: ${use.purpose}`);
    }
    return {
      intendedUse: use.name,
      purpose: use.purpose,
      queries: use.credentials.map((type) => REGISTRABLE_CREDENTIALS[type]),
    };
  }

  private chosen(uses: WalletIntendedUse[], name: string | undefined): WalletIntendedUse {
    if (uses.length === 0) {
      throw refused('intendedUse', 'This app has registered no intended use for the EU wallet: ask the operator');
    }
    if (name === undefined) {
      if (uses.length === 1) return uses[0];
      throw refused('intendedUse', `intendedUse must name one of ${uses.map((use) => use.name).join(', ')}`);
    }
    const named = uses.find((use) => use.name === name);
    if (!named) throw refused('intendedUse', `intendedUse must name one of ${uses.map((use) => use.name).join(', ')}`);
    return named;
  }
}

function refused(field: string, message: string): RequestValidationError {
  return new RequestValidationError([{ code: 'custom', path: [field], message }], message);
}
