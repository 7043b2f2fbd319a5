import { Injectable } from '@nestjs/common';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecordRepository } from './oidc-record.repository';

/** The flow a CIBA login pushed, whether its app is pinged (CibaPingQueue), and whether the provider has been told. */
export interface CibaLoginRecord {
  flowId: string;
  ping?: boolean;
  settled?: boolean;
}

/** What each CIBA login remembers, kept beside the provider's records for as long as the login lives. */
@Injectable()
export class CibaLogins {
  private readonly logins: OidcRecordAdapter;

  constructor(records: OidcRecordRepository) {
    this.logins = new OidcRecordAdapter('IdflowCibaLogin', records);
  }

  async find(authReqId: string): Promise<CibaLoginRecord | undefined> {
    return (await this.logins.find(authReqId)) as unknown as CibaLoginRecord | undefined;
  }

  async remember(authReqId: string, login: CibaLoginRecord, ttlSeconds: number): Promise<void> {
    await this.logins.upsert(authReqId, { ...login }, ttlSeconds);
  }

  /** Marks the login settled only if its record still is `login`: of racing callers, exactly one gets true. */
  markSettled(authReqId: string, login: CibaLoginRecord): Promise<boolean> {
    return this.logins.replace(authReqId, { ...login }, { ...login, settled: true });
  }
}
