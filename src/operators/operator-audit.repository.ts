import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, type Repository } from 'typeorm';
import { OperatorAuditEntry } from './operator-audit-entry.entity';

/** The operators' audit log. Private to the operators module. */
@Injectable()
export class OperatorAuditRepository {
  constructor(@InjectRepository(OperatorAuditEntry) private readonly entries: Repository<OperatorAuditEntry>) {}

  async insert(entry: OperatorAuditEntry): Promise<void> {
    await this.entries.insert(entry);
  }

  /** Up to `limit` entries after the one with id `after` (from the first when absent), oldest first. */
  page(after: string | undefined, limit: number): Promise<OperatorAuditEntry[]> {
    return this.entries.find({
      where: after === undefined ? {} : { id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    });
  }
}
