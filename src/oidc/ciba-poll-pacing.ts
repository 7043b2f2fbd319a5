import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { OidcRecordAdapter } from './oidc-record.adapter';
import { OidcRecordRepository } from './oidc-record.repository';

/** When a pending CIBA login was last polled. */
interface CibaPollRecord {
  at: number;
}

/**
 * The pace of CIBA polls: CIBA Core 1.0 section 7.3 makes the interval what a client waits between polls, and the
 * least it may. The last poll of each login is kept beside the provider's records, so any instance judges any poll.
 */
@Injectable()
export class CibaPollPacing {
  private readonly polls: OidcRecordAdapter;

  constructor(
    records: OidcRecordRepository,
    private readonly config: AppConfig,
  ) {
    this.polls = new OidcRecordAdapter('IdflowCibaPoll', records);
  }

  /** The interval clients are told to wait between polls, in seconds. */
  get intervalSeconds(): number {
    return this.config.OIDC_CIBA_POLL_INTERVAL_SECONDS;
  }

  /** Records a poll of the login now; true when it came sooner than the interval allows after the one before. */
  async tooSoon(authReqId: string): Promise<boolean> {
    const interval = this.intervalSeconds;
    const now = Date.now();
    const previous = (await this.polls.find(authReqId)) as unknown as CibaPollRecord | undefined;
    await this.polls.upsert(authReqId, { at: now } satisfies CibaPollRecord, interval * 2);
    return previous !== undefined && now - previous.at < interval * 1000;
  }
}
