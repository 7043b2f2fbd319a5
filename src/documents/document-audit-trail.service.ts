import { Injectable, OnModuleInit } from '@nestjs/common';
import { maskNin } from '../common/masking/mask-nin';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import type { Flow } from '../flows/flow.entity';
import type { AuditEventType } from './audit-event-type';
import { DocumentAuditEventRepository } from './document-audit-event.repository';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';

/** What happened, and who or what it concerned; the time and the document's digest are added when it is recorded. */
export interface AuditFact {
  type: AuditEventType;
  /** The signee's NIN, in clear: it is masked before it is stored. */
  nin?: string;
  deviceId?: string | null;
  ip?: string | null;
  reason?: string | null;
}

/** One event as the audit endpoint and the completion page show it. */
export interface AuditEventView {
  type: AuditEventType;
  /** ISO 8601, UTC, to the millisecond. */
  at: string;
  nin: string | null;
  deviceId: string | null;
  ip: string | null;
  /** SHA-256 (hex) of the document at that moment. */
  digest: string;
  reason?: string;
}

/**
 * A document's append-only audit trail (issue 17): each event is inserted in the transaction of the change it
 * records, so the trail never claims what did not happen; nothing here updates or deletes an event. A document that
 * expires or is cancelled records it from the flow's own move.
 */
@Injectable()
export class DocumentAuditTrail implements OnModuleInit {
  constructor(
    private readonly events: DocumentAuditEventRepository,
    private readonly documents: FlowDocumentRepository,
    private readonly hooks: FlowTransitionHooks,
  ) {}

  onModuleInit(): void {
    this.hooks.register((flow) => this.flowEnded(flow));
  }

  /** Records facts about this document, in this order, in the change's unit of work. */
  async record(
    document: Pick<FlowDocument, 'flowId' | 'fileSha256' | 'stampedSha256'>,
    facts: AuditFact[],
  ): Promise<void> {
    const at = Date.now();
    const digest = document.stampedSha256 ?? document.fileSha256;
    await this.events.append(
      facts.map((fact) => ({
        flowId: document.flowId,
        type: fact.type,
        at,
        nin: fact.nin ? maskNin(fact.nin) : null,
        deviceId: fact.deviceId ?? null,
        ip: fact.ip ?? null,
        digest,
        reason: fact.reason ?? null,
      })),
    );
  }

  private async flowEnded(flow: Flow): Promise<void> {
    if (flow.kind !== 'document' || (flow.status !== 'expired' && flow.status !== 'cancelled')) return;
    const document = await this.documents.findOrFail(flow.id);
    await this.record(document, [{ type: flow.status }]);
  }

  async list(flowId: string): Promise<AuditEventView[]> {
    const events = await this.events.listOf(flowId);
    return events.map((event) => ({
      type: event.type,
      at: new Date(event.at).toISOString(),
      nin: event.nin,
      deviceId: event.deviceId,
      ip: event.ip,
      digest: event.digest,
      ...(event.reason !== null ? { reason: event.reason } : {}),
    }));
  }
}
