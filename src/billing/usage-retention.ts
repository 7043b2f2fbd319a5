import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import { UsageService } from './usage.service';

/** Usage records go USAGE_RETENTION_DAYS after their call; the monthly reports of those months go with them. */
@Injectable()
export class UsageRetention implements OnModuleInit {
  constructor(
    private readonly usage: UsageService,
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'usage records',
      purge: (limit, now) => this.usage.forget(now - this.config.USAGE_RETENTION_DAYS * DAY_MS, limit),
    });
  }
}
