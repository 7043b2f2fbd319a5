import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RetentionRules } from '../common/retention/retention-rules';
import { tableRetentionRule } from '../common/retention/table-retention-rule';
import { UsedProof } from './used-proof.entity';

/**
 * A used proof is remembered only while it could still be fresh: after that its age alone refuses it. Each new proof
 * already clears the stale ones; the sweep does it too, for an instance that sees no device for a while.
 */
@Injectable()
export class UsedProofRetention implements OnModuleInit {
  constructor(
    @InjectRepository(UsedProof) private readonly proofs: Repository<UsedProof>,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register(
      tableRetentionRule({
        name: 'used device proofs',
        repository: this.proofs,
        where: 'row.expiresAt < :before',
        oldestFirstBy: 'expiresAt',
        before: (now) => now,
      }),
    );
  }
}
