import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { deleteBatch } from '../platform/delete-batch';
import { UsedProof } from './used-proof.entity';

/** The digests of device proofs already used, each kept until it expires. */
@Injectable()
export class UsedProofRepository {
  constructor(@InjectRepository(UsedProof) private readonly proofs: Repository<UsedProof>) {}

  /** Records a used proof; a digest already recorded fails on the primary key, on any instance. */
  async insert(proof: UsedProof): Promise<void> {
    await this.proofs.insert(proof);
  }

  /** Deletes every proof that expired before `now`. */
  async deleteExpired(now: number): Promise<void> {
    await this.proofs.delete({ expiresAt: LessThan(now) });
  }

  /** Deletes at most `limit` proofs that expired before `now`, the longest expired first; answers how many. */
  deleteExpiredBatch(now: number, limit: number): Promise<number> {
    return deleteBatch(this.proofs, 'row.expiresAt < :before', { before: now }, 'expiresAt', limit);
  }
}
