import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { tableRetentionRule } from '../common/retention/table-retention-rule';
import { IdempotencyRecordRepository } from './idempotency-record.repository';

/** A key is forgotten once expired (a day after its first request); a claim checks expiry itself meanwhile. */
@Injectable()
export class IdempotencyKeyRetention implements OnModuleInit {
  constructor(
    private readonly records: IdempotencyRecordRepository,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'idempotency keys',
        rows: this.records,
        before: (now) => now,
      }),
    );
  }
}
