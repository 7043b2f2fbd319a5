import { Injectable, OnModuleInit } from '@nestjs/common';
import { isTerminal } from '../flows/flow-state';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import type { Flow } from '../flows/flow.entity';
import type { WebhookEventType } from '../webhooks/webhook-event-type';
import { WebhooksService } from '../webhooks/webhooks.service';
import { SigningFlowKind } from './signing.flow-kind';

/**
 * `signing.completed|rejected|cancelled|expired` for `sign` flows: queued inside the transaction of the move that ends
 * the flow, so the event exists exactly when the outcome does, and is sent even if the service restarts in between. It
 * carries the view ping shows, so a wallet flow's intended use and its wallet's refusal reach the backend too.
 */
@Injectable()
export class SigningWebhooks implements OnModuleInit {
  constructor(
    private readonly hooks: FlowTransitionHooks,
    private readonly webhooks: WebhooksService,
    private readonly kind: SigningFlowKind,
  ) {}

  onModuleInit(): void {
    this.hooks.register((flow) => this.report(flow));
  }

  private async report(flow: Flow): Promise<void> {
    if (flow.kind !== 'signing' || !isTerminal(flow.status)) return;
    const type = `signing.${flow.status}` as WebhookEventType;
    await this.webhooks.enqueueFor(flow, type, { request: await this.kind.present(flow) });
  }
}
