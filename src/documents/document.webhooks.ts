import { Injectable, OnModuleInit } from '@nestjs/common';
import { isTerminal } from '../flows/flow-state';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import type { Flow } from '../flows/flow.entity';
import type { WebhookEventType } from '../webhooks/webhook-event-type';
import { WebhooksService } from '../webhooks/webhooks.service';
import { DocumentPresenter } from './document.presenter';
import { DocumentSigneeRepository } from './document-signee.repository';

/**
 * Document webhooks (DESIGN section 9), each queued in the transaction of the change it reports: when a document flow
 * ends, the signees who had not acted become `stale` and `document.completed|rejected|cancelled|expired` is queued;
 * `document.signee.signed|rejected` are queued by the signee's own change.
 */
@Injectable()
export class DocumentWebhooks implements OnModuleInit {
  constructor(
    private readonly hooks: FlowTransitionHooks,
    private readonly webhooks: WebhooksService,
    private readonly presenter: DocumentPresenter,
    private readonly signees: DocumentSigneeRepository,
  ) {}

  onModuleInit(): void {
    this.hooks.register((flow) => this.flowEnded(flow));
  }

  /** Queues one event about the document as it stands in the change's unit of work. */
  async report(flow: Flow, type: WebhookEventType, extra: object = {}): Promise<void> {
    if (!flow.webhookUrl || !flow.webhookReference) return;
    const doc = this.presenter.view(await this.presenter.load(flow));
    await this.webhooks.enqueueFor(flow, type, { ...extra, doc });
  }

  private async flowEnded(flow: Flow): Promise<void> {
    if (flow.kind !== 'document' || !isTerminal(flow.status)) return;
    await this.signees.markOpenStale(flow.id, Date.now());
    await this.report(flow, `document.${flow.status}` as WebhookEventType);
  }
}
