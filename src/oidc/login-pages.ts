import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/not-found.error';
import { LoginInteractions } from './login-interactions';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecordRepository } from './oidc-record.repository';

/** Where a login's one charge stands: claimed by the request that charges it, then paid or refused. */
export type LoginBilling = 'charging' | 'paid' | 'unpaid';

/** The identification flow a login page follows; a push to a NIN replaces the page's first (wildcard) flow. */
export interface LoginPageRecord {
  flowId: string;
  verificationCode?: string;
  billing?: LoginBilling;
}

/** What each login page remembers, kept beside the provider's records for as long as its interaction lives. */
@Injectable()
export class LoginPages {
  private readonly pages: OidcRecordAdapter;

  constructor(
    records: OidcRecordRepository,
    private readonly interactions: LoginInteractions,
  ) {
    this.pages = new OidcRecordAdapter('IdflowLoginPage', records);
  }

  async find(uid: string): Promise<LoginPageRecord | undefined> {
    return (await this.pages.find(uid)) as unknown as LoginPageRecord | undefined;
  }

  /** The page's record; a page never opened (or opened in another browser) is not found. */
  async pageOf(uid: string): Promise<LoginPageRecord> {
    const page = await this.find(uid);
    if (!page) throw new NotFoundError('This login page has not been opened');
    return page;
  }

  async remember(uid: string, page: LoginPageRecord): Promise<void> {
    await this.pages.upsert(uid, { ...page }, this.interactions.ttlSeconds);
  }

  /** Replaces the page's record with `next` only if it still is `page`: of racing callers, exactly one gets true. */
  replace(uid: string, page: LoginPageRecord, next: LoginPageRecord): Promise<boolean> {
    return this.pages.replace(uid, { ...page }, { ...next });
  }
}
