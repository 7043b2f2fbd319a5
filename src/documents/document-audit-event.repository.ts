import { Injectable } from '@nestjs/common';
import { In, type Repository } from 'typeorm';
import { UnitOfWork } from '../platform/unit-of-work';
import { DocumentAuditEvent } from './document-audit-event.entity';

/**
 * Documents' audit trails: append-only, so nothing here updates an event, and only a document removed by retention
 * takes its events with it. Writes join the open unit of work, if any. Private to the documents module.
 */
@Injectable()
export class DocumentAuditEventRepository {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** Appends the events in the order given: one insert each keeps their ids in that order on both dialects. */
  async append(events: Array<Omit<DocumentAuditEvent, 'id'>>): Promise<void> {
    const rows = this.rows();
    for (const event of events) await rows.insert(event);
  }

  /** The document's events, oldest first. */
  listOf(flowId: string): Promise<DocumentAuditEvent[]> {
    return this.rows().find({ where: { flowId }, order: { id: 'ASC' } });
  }

  async deleteOf(flowIds: string[]): Promise<void> {
    await this.rows().delete({ flowId: In(flowIds) });
  }

  private rows(): Repository<DocumentAuditEvent> {
    return this.unitOfWork.manager.getRepository(DocumentAuditEvent);
  }
}
