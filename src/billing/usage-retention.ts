import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS, tableRetentionRule } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import { UsageRecord } from './usage-record.entity';

/** Usage records go USAGE_RETENTION_DAYS after their call; the monthly reports of those months go with them. */
@Injectable()
export class UsageRetention implements OnModuleInit {
  constructor(
    @InjectRepository(UsageRecord) private readonly records: Repository<UsageRecord>,
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'usage records',
        repository: this.records,
        where: 'row.createdAt < :before',
        oldestFirstBy: 'createdAt',
        before: (now) => now - this.config.USAGE_RETENTION_DAYS * DAY_MS,
      }),
    );
  }
}
