import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { newId } from '../common/ids/random-id';
import { AppConfig } from '../config/app-config';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { UnitOfWork } from '../platform/unit-of-work';
import type { AdmittedSignees } from './document-admission.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import type { FetchedPdf } from './document-file.fetcher';
import type { DocumentRequest } from './document-request';
import { DocumentSigneeRepository } from './document-signee.repository';
import type { StoredFile } from './file-storage';
import { FlowDocumentRepository } from './flow-document.repository';
import type { SigneeStatus } from './signee-status';

/** The file a new document is made of: as fetched (its page count) and as stored (its key and digest). */
export interface NewDocumentFile {
  fetched: Pick<FetchedPdf, 'pageCount'>;
  stored: StoredFile;
}

/**
 * Writes a new document flow: the flow, its file record, its signees and its first audit events, together in one unit
 * of work or not at all, so no document exists without its signees and no signee without its document.
 */
@Injectable()
export class DocumentCreation {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly flows: FlowsService,
    private readonly documents: FlowDocumentRepository,
    private readonly signees: DocumentSigneeRepository,
    private readonly audit: DocumentAuditTrail,
    private readonly config: AppConfig,
  ) {}

  async record(
    principal: Principal,
    request: DocumentRequest,
    { signees, steps }: AdmittedSignees,
    { fetched, stored }: NewDocumentFile,
    client: ClientContext,
  ): Promise<Flow> {
    const signingOrder = request.signingOrder ?? 'parallel';
    const firstStep = Math.min(...steps);
    const now = Date.now();
    // Signing pushes to every signee of the first step at once; on the hosted page each signee asks for their own push.
    const inTurn: SigneeStatus = request.delivery === 'signing' ? 'notified' : 'pending';
    const firstReminderAt = request.reminders ? now + request.reminders.firstAfterSeconds * 1000 : null;
    return this.unitOfWork.run(async () => {
      const created = await this.flows.create({
        kind: 'document',
        id: newId.document(),
        startMode: 'different-device',
        action: 'sign',
        principal,
        payload: request.file.title,
        requestedClaims: [],
        webhook: { url: request.webhook.host, reference: request.webhook.reference },
        ip: client.ip,
        userAgent: client.userAgent,
        ttlSeconds: this.config.DOCUMENT_TTL_SECONDS,
      });
      await this.documents.insert({
        flowId: created.flow.id,
        delivery: request.delivery,
        fileSource: request.file.url,
        fileName: request.file.title,
        signingOrder,
        signature: request.signature ?? 'seal',
        reminderFirstSeconds: request.reminders?.firstAfterSeconds ?? null,
        reminderEverySeconds: request.reminders?.everySeconds ?? null,
        reminderMax: request.reminders?.max ?? null,
        expiryWarningAt: this.expiryWarningAt(created.flow),
        fileKey: stored.key,
        fileSha256: stored.sha256,
        fileSize: stored.size,
        pageCount: fetched.pageCount,
        stampedKey: null,
        stampedSha256: null,
      });
      await this.signees.insertAll(
        signees.map((signee, position) => ({
          flowId: created.flow.id,
          position,
          nin: signee.nin,
          name: signee.name,
          type: signee.type,
          email: signee.email,
          representing: signee.representing,
          title: signee.title ?? null,
          status: steps[position] === firstStep ? inTurn : 'waiting',
          step: steps[position],
          nextReminderAt: steps[position] === firstStep ? firstReminderAt : null,
          remindersSent: 0,
          updatedAt: now,
          signedAt: null,
          ip: null,
          deviceId: null,
          identification: null,
          signature: null,
          walletFlowId: null,
          declineReason: null,
        })),
      );
      const pushed = request.delivery === 'signing' ? signees.filter((_signee, at) => steps[at] === firstStep) : [];
      await this.audit.record({ flowId: created.flow.id, fileSha256: stored.sha256, stampedSha256: null }, [
        { type: 'created', ip: client.ip },
        ...pushed.map((signee) => ({ type: 'pushed' as const, nin: signee.nin })),
      ]);
      return created.flow;
    });
  }

  /** When `document.expiring` is due: none for a document whose whole lifetime is within the warning. */
  private expiryWarningAt(flow: Flow): number | null {
    const at = flow.expiresAt - this.config.DOCUMENT_EXPIRY_WARNING_SECONDS * 1000;
    return at > flow.createdAt ? at : null;
  }
}
