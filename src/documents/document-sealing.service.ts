import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { BackgroundWork } from '../common/scheduling/background-work';
import { RetryWakeups } from '../common/scheduling/retry-wakeups';
import { afterFailedAttempt } from '../common/scheduling/retry-schedule';
import { AppConfig } from '../config/app-config';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { DocumentPresenter } from './document.presenter';
import { DocumentStampingService } from './document-stamping.service';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { SigneeSignatureFailedError } from './errors/signee-signature-failed.error';
import { DocumentWebhooks } from './document.webhooks';
import type { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';
import { UnitOfWork } from '../platform/unit-of-work';

export const DOCUMENT_SEALING_PASS = 'document sealing';
/** How often each instance looks for seals it was not woken for: retries, a restart's, another instance's. */
const SEALING_PASS_MS = 1000;
/** How many due seals one pass takes on, one after another; the rest wait for the next. */
const BATCH = 10;
/** The audit trail's reason column holds this much. */
const REASON_CHARACTERS = 500;

/**
 * The stamped copy of a document, made after the commit of its last signature as durable work: that signature moves
 * the document to `sealing` and makes its seal due (`sealDueAt`) in the same transaction, so a crash after it loses
 * nothing. Every instance runs a pass each second, and the signing instance one at once; a seal is taken on by a
 * compare-and-set that moves its due time on by SEAL_LEASE_SECONDS (the lease of archive renewal and reminders), so
 * one instance makes it, and one whose holder died is due again once the lease is over. The copy is stored, the flow
 * completed and `document.completed` queued in one transaction that only the lease's holder wins, so there is exactly
 * one stamped copy and one webhook, whichever instance or restart finishes it.
 *
 * A failure (timestamp authority, OCSP or CRL, file storage, a signee's own signature at a signing provider) is
 * retried after SEAL_RETRY_SCHEDULE, the last entry repeating; once the schedule is spent a failing third party lowers
 * the seal's level instead, but never makes a document without a signature it asked for. An original that exceeds
 * the PDF reading budget cannot be stamped on any try: the seal is given up at once, `seal-failed` and the reason
 * recorded in the audit trail and logged, and the document stays `in_progress` with every signee signed.
 *
 * Not a job runner from npm: the maintained ones keep their queue in PostgreSQL (pg-boss, graphile-worker) or Redis
 * (BullMQ), and the embedded default has neither; a due time on the document's row works alike on both databases.
 */
@Injectable()
export class DocumentSealing implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(DocumentSealing.name);
  /** Seals this instance is making: a pass does not take them on again when their lease runs out meanwhile. */
  private readonly underWay = new Set<string>();
  /** Set by a wake during a pass, which then looks once more. */
  private again = false;
  private readonly retries = new RetryWakeups(SEALING_PASS_MS, () => this.wake());
  private stopped = false;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly documents: FlowDocumentRepository,
    private readonly flows: FlowsService,
    private readonly presenter: DocumentPresenter,
    private readonly stamping: DocumentStampingService,
    private readonly audit: DocumentAuditTrail,
    private readonly config: AppConfig,
    private readonly background: BackgroundWork,
    private readonly webhooks: DocumentWebhooks,
  ) {}

  onModuleInit(): void {
    this.background.pass({
      name: DOCUMENT_SEALING_PASS,
      everyMs: SEALING_PASS_MS,
      run: () => this.sealDue(),
      failure: 'Document sealing pass failed',
    });
  }

  /** Inside the unit of work of a document's last signature: its seal is due from now. */
  async schedule(flowId: string): Promise<void> {
    await this.documents.scheduleSeal(flowId, Date.now());
  }

  beforeApplicationShutdown(): void {
    this.stopped = true;
    this.retries.clear();
  }

  /** Looks for due seals now (once the last signature has committed), in a process that does background work. */
  wake(): void {
    if (this.stopped || !this.background.runs) return;
    this.again = true;
    void this.background.runOnce(DOCUMENT_SEALING_PASS);
  }

  /** One pass, looking again while woken meanwhile: how many documents this instance completed. */
  async sealDue(): Promise<number> {
    let completed = 0;
    do {
      this.again = false;
      const due = await this.documents.dueSeals(Date.now(), BATCH);
      for (const document of due) {
        if (!this.underWay.has(document.flowId) && (await this.attempt(document))) completed++;
      }
    } while (this.again);
    return completed;
  }

  /** Takes the seal on (false when another instance did) and makes it; true when this attempt completed the document. */
  private async attempt(document: FlowDocument): Promise<boolean> {
    const { flowId } = document;
    const attempt = document.sealAttempts + 1;
    const leaseEnd = Date.now() + this.config.SEAL_LEASE_SECONDS * 1000;
    if (!(await this.documents.claimSeal(flowId, document.sealDueAt!, leaseEnd, attempt))) return false;
    this.underWay.add(flowId);
    try {
      const loaded = await this.presenter.load(await this.flows.find(flowId));
      const sealed = await this.stamping.make(loaded, attempt > this.config.SEAL_RETRY_SCHEDULE.length);
      return await this.unitOfWork.run(async () => {
        // Only the holder of the lease stores: one whose lease ran out while it worked leaves it to the next holder.
        if (!(await this.documents.endSealLease(flowId, leaseEnd, null))) return false;
        await this.stamping.store(loaded.document, sealed);
        if (!(await this.flows.move(loaded.flow, 'sealed'))) {
          throw new Error(`Document ${flowId} left the sealing state while its seal was made`);
        }
        return true;
      });
    } catch (error) {
      await this.failed(document, attempt, leaseEnd, error);
      return false;
    } finally {
      this.underWay.delete(flowId);
    }
  }

  /**
   * A signee's own signature failed for a new reason: the integrator hears of it once per failure episode (the
   * attempts failing alike in a row), with the attempt it began at and when the next one is due, and the trail keeps it.
   */
  private async signatureFailed(
    flow: Flow,
    document: FlowDocument,
    failure: { reason: string; attempt: number; nextAttemptAt: number | null },
  ): Promise<void> {
    await this.audit.record(document, [{ type: 'signature-failed', reason: failure.reason }]);
    await this.webhooks.report(flow, 'document.signature_failed', {
      reason: failure.reason,
      attempt: failure.attempt,
      nextAttemptAt: failure.nextAttemptAt === null ? null : Math.ceil(failure.nextAttemptAt / 1000),
    });
  }

  /** Schedules the next attempt, or gives the seal up when no attempt can succeed; only while the lease is held. */
  private async failed(document: FlowDocument, attempt: number, leaseEnd: number, error: unknown): Promise<void> {
    const { flowId } = document;
    const reason = (
      error instanceof NotAPdfError ? `The original cannot be stamped: ${error.detail}` : describe(error)
    ).slice(0, REASON_CHARACTERS);
    const next =
      error instanceof NotAPdfError
        ? null
        : afterFailedAttempt(attempt, Infinity, this.config.SEAL_RETRY_SCHEDULE, Date.now()).nextAttemptAt;
    try {
      // The attempt before failed alike (its reason is still the document's): the same episode, told already.
      const newEpisode = error instanceof SigneeSignatureFailedError && reason !== document.sealError;
      // Read before the transaction: on SQLite's one connection a read outside it would wait for it.
      const signatureFailedOn = newEpisode ? await this.flows.find(flowId) : undefined;
      await this.unitOfWork.run(async () => {
        const held = await this.documents.endSealLease(flowId, leaseEnd, next, reason);
        if (held && next === null) {
          await this.audit.record(document, [{ type: 'seal-failed', reason }]);
        }
        if (held && signatureFailedOn) {
          await this.signatureFailed(signatureFailedOn, document, { reason, attempt, nextAttemptAt: next });
        }
      });
    } catch (recording) {
      // The lease runs out and the seal is due again: tried again, never lost.
      this.logger.error({ err: recording, flowId }, 'Could not record a failed seal');
    }
    if (next === null) {
      this.logger.error({ flowId, attempt, reason }, 'Gave up the seal of a document: it stays in progress');
    } else {
      this.retries.at(next);
      // The error itself too: a failure that is not a third party's (a defect) needs its stack to be found.
      this.logger.warn(
        { err: error, flowId, attempt, reason, nextAttemptAt: new Date(next).toISOString() },
        'Could not seal a document; trying again',
      );
    }
  }
}

/** The reason of a failure, as the audit trail, refresh and the log say it. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
