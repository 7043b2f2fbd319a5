import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { DAY_MS } from '../common/retention/table-retention-rule';
import { AppConfig } from '../config/app-config';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';

/** Deliveries that succeeded or failed for good go WEBHOOK_RETENTION_DAYS after their last attempt; pending ones stay. */
@Injectable()
export class WebhookRetention implements OnModuleInit {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly rules: RetentionRules,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'webhook deliveries',
      purge: (limit, now) =>
        this.deliveries.deleteFinishedBefore(now - this.config.WEBHOOK_RETENTION_DAYS * DAY_MS, limit),
    });
  }
}
