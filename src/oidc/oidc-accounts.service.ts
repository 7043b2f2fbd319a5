import { Injectable } from '@nestjs/common';
import type { Account, AccountClaims } from 'oidc-provider';
import { DevicesService } from '../devices/devices.service';
import { FlowsService } from '../flows/flows.service';
import type { ClaimValues } from '../persons/claim-values';
import { PersonsService } from '../persons/persons.service';
import { ServiceKeyService } from '../service-key/service-key.service';
import { TenantsService } from '../tenants/tenants.service';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecordRepository } from './oidc-record.repository';
import { oidcClaimsOf } from './oidc-claims';

/** What a grant remembers of the login that made it: the identification flow the person approved. */
interface LoginRecord {
  flowId: string;
}

/**
 * The person behind a login, as the provider asks for them: `sub` is the per-app pseudonym every identification
 * answers with, and the claims are those the person released in the flow, read from their record when asked so that
 * no copy of them is kept with the tokens.
 */
@Injectable()
export class OidcAccountsService {
  private readonly logins: OidcRecordAdapter;

  constructor(
    records: OidcRecordRepository,
    private readonly flows: FlowsService,
    private readonly persons: PersonsService,
    private readonly serviceKey: ServiceKeyService,
    private readonly tenants: TenantsService,
    private readonly devices: DevicesService,
  ) {
    this.logins = new OidcRecordAdapter('IdflowLogin', records);
  }

  /** The subject of an approved flow, as `sub` for its app. */
  subjectOf(appId: string, holderNin: string): string {
    return this.serviceKey.pseudonym(appId, holderNin);
  }

  /** The account a CIBA `login_hint` names for this client; undefined for a NIN with no digital ID. */
  async accountOf(clientId: string, nin: string): Promise<string | undefined> {
    const app = await this.tenants.findApp(clientId);
    if (!(await this.devices.hasDigitalId(nin, app.environment))) return undefined;
    return this.subjectOf(app.id, nin);
  }

  /** Ties a grant to the flow that made it, for as long as the grant lives. */
  async remember(grantId: string, flowId: string, expiresInSeconds: number): Promise<void> {
    await this.logins.upsert(grantId, { flowId } satisfies LoginRecord, expiresInSeconds);
  }

  async find(accountId: string, grantId: string | undefined): Promise<Account> {
    const released = grantId ? await this.releasedClaims(grantId) : undefined;
    const claims = (): AccountClaims => ({ sub: accountId, ...(released ? oidcClaimsOf(released) : {}) });
    return { accountId, claims };
  }

  private async releasedClaims(grantId: string): Promise<ClaimValues | undefined> {
    const login = (await this.logins.find(grantId)) as LoginRecord | undefined;
    if (!login) return undefined;
    const flow = await this.flows.find(login.flowId).catch(() => undefined);
    if (!flow?.holderNin) return undefined;
    const person = await this.persons.find(flow.environment, flow.holderNin);
    if (!person) return undefined;
    const released: ClaimValues = {};
    for (const [group, names] of Object.entries(flow.claims ?? {})) {
      for (const name of Object.keys(names)) {
        const value = person.claims[group]?.[name];
        if (value !== undefined) released[group] = { ...released[group], [name]: value };
      }
    }
    return released;
  }
}
