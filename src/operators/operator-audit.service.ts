import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids/random-id';
import type { OperatorAuditEntry } from './operator-audit-entry.entity';
import { OperatorAuditRepository } from './operator-audit.repository';

/** A change to record: everything of an entry but its id and time. */
export type OperatorChange = Omit<OperatorAuditEntry, 'id' | 'at'>;

/** Entries read per query when the whole log is exported. */
const EXPORT_PAGE = 500;

/** The audit log of what operators changed: who, what, when and how it ended. */
@Injectable()
export class OperatorAuditService {
  constructor(private readonly entries: OperatorAuditRepository) {}

  async record(change: OperatorChange): Promise<void> {
    const at = Date.now();
    await this.entries.insert({ ...change, id: newId.operatorAuditEntry(at), at });
  }

  /** Up to `limit` entries after the entry `after`, oldest first. */
  page(after: string | undefined, limit: number): Promise<OperatorAuditEntry[]> {
    return this.entries.page(after, limit);
  }

  /** Every entry after `after`, oldest first, read a page at a time so that a long log is never held whole. */
  async *all(after?: string): AsyncGenerator<OperatorAuditEntry> {
    for (let cursor = after; ;) {
      const page = await this.entries.page(cursor, EXPORT_PAGE);
      yield* page;
      if (page.length < EXPORT_PAGE) return;
      cursor = page[page.length - 1].id;
    }
  }
}
