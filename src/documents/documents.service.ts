import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import type { ClientContext } from '../common/client-ip/client-context';
import { FlowNotFoundError } from '../flows/errors/flow-not-found.error';
import type { Flow } from '../flows/flow.entity';
import { FlowsService } from '../flows/flows.service';
import { DocumentAdmission } from './document-admission.service';
import { DocumentCreation } from './document-creation.service';
import { DocumentFileFetcher } from './document-file.fetcher';
import type { DocumentRequest } from './document-request';
import { DocumentPresenter, type LoadedDocument } from './document.presenter';
import { FILE_STORAGE, type FileStorage } from './file-storage';
import { FlowDocumentRepository } from './flow-document.repository';

/**
 * Starts document flows (spec 4.5) and reads them back. Everything that can be refused, the webhook, repeated NINs,
 * NINs without a digital ID (DocumentAdmission), the file itself, is refused before anything is stored; the flow and
 * its rows are then written together (DocumentCreation).
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly admission: DocumentAdmission,
    private readonly creation: DocumentCreation,
    private readonly fetcher: DocumentFileFetcher,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly flows: FlowsService,
    private readonly presenter: DocumentPresenter,
    private readonly documents: FlowDocumentRepository,
  ) {}

  async create(principal: Principal, request: DocumentRequest, client: ClientContext): Promise<LoadedDocument> {
    const admitted = await this.admission.admit(request, principal.app.environment);
    const fetched = await this.fetcher.fetch(request.file.url);
    const stored = await this.storage.put(fetched.bytes);
    const flow = await this.createWithStoredFile(stored.key, () =>
      this.creation.record(principal, request, admitted, { fetched, stored }, client),
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
    const stamped = await this.documents.findStamped(sha256);
    return stamped ? this.find(stamped.flowId) : null;
  }

  private documentFlow(flow: Flow): Flow {
    if (flow.kind !== 'document') throw new FlowNotFoundError();
    return flow;
  }
}
