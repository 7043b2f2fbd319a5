import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids/random-id';
import type { AuditOrder } from './audit-order';
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

  /**
   * Up to `limit` entries that follow the entry `after` in `order`, and the id to pass as `after` for the page that
   * follows them: undefined when no entry does.
   */
  async page(
    after: string | undefined,
    limit: number,
    order: AuditOrder,
  ): Promise<{ entries: OperatorAuditEntry[]; next: string | undefined }> {
    // One entry more than the page tells whether another page follows, without a count of the whole log.
    const read = await this.entries.page(after, limit + 1, order);
    const entries = read.slice(0, limit);
    return { entries, next: read.length > limit ? entries[entries.length - 1].id : undefined };
  }

  /** Every entry after `after`, oldest first, read a page at a time so that a long log is never held whole. */
  async *all(after?: string): AsyncGenerator<OperatorAuditEntry> {
    for (let cursor = after; ;) {
      const page = await this.entries.page(cursor, EXPORT_PAGE, 'oldest');
      yield* page;
      if (page.length < EXPORT_PAGE) return;
      cursor = page[page.length - 1].id;
    }
  }
}
