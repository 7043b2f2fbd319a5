import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS, tableRetentionRule } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import { WebhookDelivery } from './webhook-delivery.entity';

/** Deliveries that succeeded or failed for good go WEBHOOK_RETENTION_DAYS after their last attempt; pending ones stay. */
@Injectable()
export class WebhookRetention implements OnModuleInit {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'webhook deliveries',
        repository: this.deliveries,
        where: 'row.status IN (:...finished) AND row.updatedAt < :before',
        parameters: { finished: ['succeeded', 'failed'] },
        oldestFirstBy: 'updatedAt',
        before: (now) => now - this.config.WEBHOOK_RETENTION_DAYS * DAY_MS,
      }),
    );
  }
}
