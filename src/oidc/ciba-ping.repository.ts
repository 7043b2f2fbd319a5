import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { deleteBatch } from '../common/persistence/delete-batch';
import { CibaPing } from './ciba-ping.entity';

/** The pings CIBA logins owe their apps. Private to the oidc module. */
@Injectable()
export class CibaPingRepository {
  constructor(@InjectRepository(CibaPing) private readonly pings: Repository<CibaPing>) {}

  /** Deletes at most `limit` pings of logins that ended before `before`, the longest ended first. */
  deleteEndedBefore(before: number, limit: number): Promise<number> {
    return deleteBatch(this.pings, 'row.expiresAt < :before', { before }, 'expiresAt', limit);
  }
}
