import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, type Repository } from 'typeorm';
import type { AuditOrder } from './audit-order';
import { OperatorAuditEntry } from './operator-audit-entry.entity';

/** The operators' audit log. Private to the operators module. */
@Injectable()
export class OperatorAuditRepository {
  constructor(@InjectRepository(OperatorAuditEntry) private readonly entries: Repository<OperatorAuditEntry>) {}

  async insert(entry: OperatorAuditEntry): Promise<void> {
    await this.entries.insert(entry);
  }

  /**
   * Up to `limit` entries that follow the one with id `after` in `order` (from the first of that order when absent).
   * Ids sort as the entries were made, so the id is the cursor either way.
   */
  page(after: string | undefined, limit: number, order: AuditOrder): Promise<OperatorAuditEntry[]> {
    const newest = order === 'newest';
    return this.entries.find({
      where: after === undefined ? {} : { id: newest ? LessThan(after) : MoreThan(after) },
      order: { id: newest ? 'DESC' : 'ASC' },
      take: limit,
    });
  }
}
