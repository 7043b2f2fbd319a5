import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { CibaPingRepository } from './ciba-ping.repository';
import { OidcRecordRepository } from './oidc-record.repository';

/**
 * The provider's records go once expired: an expired one is never read, so there is nothing to wait for; so do the
 * pings of CIBA logins that have ended.
 */
@Injectable()
export class OidcRecordRetention implements OnModuleInit {
  constructor(
    private readonly records: OidcRecordRepository,
    private readonly pings: CibaPingRepository,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'expired OpenID records',
      purge: (limit, now) => this.records.deleteExpiredBefore(now, limit),
    });
    this.rules.register({
      name: 'pings of ended CIBA logins',
      purge: (limit, now) => this.pings.deleteEndedBefore(now, limit),
    });
  }
}
