import { Injectable, OnModuleInit } from '@nestjs/common';
import { RetentionRules } from '../common/retention/retention-rules';
import { UsedProofRepository } from './used-proof.repository';

/**
 * A used proof is remembered only while it could still be fresh: after that its age alone refuses it. Each new proof
 * already clears the stale ones; the sweep does it too, for an instance that sees no device for a while.
 */
@Injectable()
export class UsedProofRetention implements OnModuleInit {
  constructor(
    private readonly proofs: UsedProofRepository,
    private readonly rules: RetentionRules,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'used device proofs',
      purge: (limit, now) => this.proofs.deleteExpiredBatch(now, limit),
    });
  }
}
