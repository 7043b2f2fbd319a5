import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { newId } from '../common/ids/random-id';
import { RequestValidationError } from '../common/errors/request-validation.error';
import type { ValidationIssue } from '../common/errors/validation-issue';
import { AppConfig } from '../config/app-config';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { PersonsService } from '../persons/persons.service';
import type { Environment } from '../tenants/environment';
import { DevicesService } from '../devices/devices.service';
import { NoDigitalIdError } from '../devices/errors/no-digital-id.error';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DocumentFileFetcher } from './document-file.fetcher';
import { DocumentPresenter, type LoadedDocument } from './document.presenter';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { DocumentSignee } from './document-signee.entity';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { FlowDocument } from './flow-document.entity';
import type { DocumentDelivery, SigneeStatus, SigneeType, SigningOrder } from './signee-status';
import type { DocumentSignature } from './document-signature';
import { signingSteps } from './signing-steps';
import { UnitOfWork } from '../platform/unit-of-work';

/** A signee as the caller describes them (review), or as we fill in from a bare NIN (signing). */
export interface SigneeInput {
  nin: string;
  name: string;
  type: SigneeType;
  email: string;
  representing: string;
  title?: string;
  /** Sequential signing: the step this signee signs in. */
  order?: number;
}

export interface DocumentRequest {
  delivery: DocumentDelivery;
  /** `signing`: the NINs the file is pushed to. */
  to?: string[];
  /** `review`: the structured signees. */
  signee?: SigneeInput[];
  file: { url: string; title: string };
  webhook: { host: string; reference: string };
  signingOrder?: SigningOrder;
  signature?: DocumentSignature;
  reminders?: { firstAfterSeconds: number; everySeconds: number; max: number };
}

/**
 * Starts document flows (spec 4.5) and reads them back. Everything that can be refused, the webhook, repeated NINs,
 * NINs without a digital ID, the file itself, is refused before anything is stored.
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly flows: FlowsService,
    private readonly presenter: DocumentPresenter,
    private readonly fetcher: DocumentFileFetcher,
    private readonly devices: DevicesService,
    private readonly persons: PersonsService,
    private readonly webhooks: WebhooksService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: AppConfig,
    private readonly audit: DocumentAuditTrail,
    @InjectRepository(FlowDocument) private readonly documents: Repository<FlowDocument>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(principal: Principal, request: DocumentRequest, client: ClientContext): Promise<LoadedDocument> {
    const environment = principal.app.environment;
    await this.webhooks.checkUrl(request.webhook.host);
    this.fetcher.checkUrl(request.file.url);
    const signees =
      request.delivery === 'review'
        ? (request.signee ?? [])
        : await this.signeesFromNins(request.to ?? [], environment);
    this.refuseRepeatedNins(signees, request.delivery === 'review' ? 'signee' : 'to');
    this.refuseRemindersBeyondLifetime(request.reminders);
    const signingOrder = request.signingOrder ?? 'parallel';
    const steps = signingSteps(signees, signingOrder);
    const firstStep = Math.min(...steps);
    for (const signee of signees) {
      if (!(await this.devices.hasDigitalId(signee.nin, environment))) throw new NoDigitalIdError();
    }
    const fetched = await this.fetcher.fetch(request.file.url);
    const stored = await this.storage.put(fetched.bytes);
    const now = Date.now();
    // Signing pushes to every signee of the first step at once; on the hosted page each signee asks for their own push.
    const inTurn: SigneeStatus = request.delivery === 'signing' ? 'notified' : 'pending';
    const firstReminderAt = request.reminders ? now + request.reminders.firstAfterSeconds * 1000 : null;
    // The flow, its file record, signees and first audit events are written together, or not at all.
    const { flow } = await this.createWithStoredFile(stored.key, () =>
      this.unitOfWork.run(async () => {
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
        const manager = this.unitOfWork.manager;
        await manager.insert(FlowDocument, {
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
        await manager.insert(
          DocumentSignee,
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
            declineReason: null,
          })),
        );
        const pushed = request.delivery === 'signing' ? signees.filter((_signee, at) => steps[at] === firstStep) : [];
        await this.audit.record({ flowId: created.flow.id, fileSha256: stored.sha256, stampedSha256: null }, [
          { type: 'created', ip: client.ip },
          ...pushed.map((signee) => ({ type: 'pushed' as const, nin: signee.nin })),
        ]);
        return created;
      }),
    );
    return this.presenter.load(flow);
  }

  /** Runs the create; when it fails, the file stored for it goes at once rather than waiting for the sweep. */
  private async createWithStoredFile<T>(key: string, create: () => Promise<T>): Promise<T> {
    try {
      return await create();
    } catch (error) {
      // One that cannot be removed now is left to the sweep.
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
  }

  /** A document flow of this app; any other flow is reported exactly like an unknown one. */
  async findForApp(flowId: string, appId: string): Promise<LoadedDocument> {
    return this.presenter.load(this.documentFlow(await this.flows.findForApp(flowId, appId)));
  }

  /** A document flow by its id alone: the hosted pages know a document by its unguessable id. */
  async find(flowId: string): Promise<LoadedDocument> {
    return this.presenter.load(this.documentFlow(await this.flows.find(flowId)));
  }

  /** The document whose stamped copy has exactly this SHA-256, if we issued one. */
  async findStamped(sha256: string): Promise<LoadedDocument | null> {
    const stamped = await this.documents.findOneBy({ stampedSha256: sha256 });
    return stamped ? this.find(stamped.flowId) : null;
  }

  private documentFlow(flow: Flow): Flow {
    if (flow.kind !== 'document') throw new FlowNotFoundError();
    return flow;
  }

  /** Simple signing names only NINs: the signature page shows the name we hold for each, or the NIN. */
  private async signeesFromNins(nins: string[], environment: Environment): Promise<SigneeInput[]> {
    return Promise.all(
      nins.map(async (nin) => {
        const claims = (await this.persons.find(environment, nin))?.claims ?? {};
        const name = claims.naming?.name;
        const email = claims.contact?.email;
        return {
          nin,
          name: typeof name === 'string' && name.length > 0 ? name.slice(0, 200) : nin,
          type: 'person' as const,
          email: typeof email === 'string' ? email.slice(0, 320) : '',
          representing: '',
        };
      }),
    );
  }

  /** When `document.expiring` is due: none for a document whose whole lifetime is within the warning. */
  private expiryWarningAt(flow: Flow): number | null {
    const at = flow.expiresAt - this.config.DOCUMENT_EXPIRY_WARNING_SECONDS * 1000;
    return at > flow.createdAt ? at : null;
  }

  private refuseRemindersBeyondLifetime(reminders: DocumentRequest['reminders']): void {
    if (!reminders) return;
    const lifetime = this.config.DOCUMENT_TTL_SECONDS;
    const issues: ValidationIssue[] = (['firstAfterSeconds', 'everySeconds'] as const)
      .filter((field) => reminders[field] > lifetime)
      .map((field) => ({
        code: 'too_big',
        path: ['reminders', field],
        message: `${field} must not exceed the document's lifetime of ${lifetime} seconds`,
      }));
    if (issues.length > 0) throw new RequestValidationError(issues);
  }

  private refuseRepeatedNins(signees: SigneeInput[], field: 'to' | 'signee'): void {
    const seen = new Set<string>();
    const issues: ValidationIssue[] = [];
    signees.forEach((signee, index) => {
      if (seen.has(signee.nin)) {
        issues.push({
          code: 'custom',
          path: field === 'to' ? ['to', index] : ['signee', index, 'nin'],
          message: `${signee.nin} is listed more than once`,
        });
      }
      seen.add(signee.nin);
    });
    if (issues.length > 0) throw new RequestValidationError(issues);
  }
}
