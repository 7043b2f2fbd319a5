import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { tableRetentionRule } from '../common/retention/table-retention-rule';
import { CibaPing } from './ciba-ping.entity';
import { OidcRecord } from './oidc-record.entity';

/**
 * The provider's records go once expired: an expired one is never read, so there is nothing to wait for; so do the
 * pings of CIBA logins that have ended.
 */
@Injectable()
export class OidcRecordRetention implements OnModuleInit {
  constructor(
    @InjectRepository(OidcRecord) private readonly records: Repository<OidcRecord>,
    @InjectRepository(CibaPing) private readonly pings: Repository<CibaPing>,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'expired OpenID records',
        repository: this.records,
        where: 'row.expiresAt < :before',
        oldestFirstBy: 'expiresAt',
        before: (now) => now,
      }),
    );
    this.rules.register(
      tableRetentionRule({
        name: 'pings of ended CIBA logins',
        repository: this.pings,
        where: 'row.expiresAt < :before',
        oldestFirstBy: 'expiresAt',
        before: (now) => now,
      }),
    );
  }
}
