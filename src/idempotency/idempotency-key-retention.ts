import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { tableRetentionRule } from '../common/retention/table-retention-rule';
import { IdempotencyRecord } from './idempotency-record.entity';

/** A key is forgotten once expired (a day after its first request); a claim checks expiry itself meanwhile. */
@Injectable()
export class IdempotencyKeyRetention implements OnModuleInit {
  constructor(
    @InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'idempotency keys',
        repository: this.records,
        where: 'row.expiresAt < :before',
        oldestFirstBy: 'expiresAt',
        before: (now) => now,
      }),
    );
  }
}
