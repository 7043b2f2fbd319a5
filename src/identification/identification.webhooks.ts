import { Injectable, OnModuleInit } from '@nestjs/common';
import { isTerminal } from '../flows/flow-state';
import { FlowTransitionHooks } from '../flows/flow-transition.hooks';
import type { Flow } from '../flows/flow.entity';
import type { WebhookEventType } from '../webhooks/webhook-event-type';
import { WebhooksService } from '../webhooks/webhooks.service';
import { IdentificationFlowKind } from './identification.flow-kind';

/**
 * `identification.completed|rejected|cancelled|expired` for identifications created with a webhook (the EU wallet
 * mode takes one): queued inside the transaction of the move that ends the flow, as signing's are, with the view ping
 * shows, so the reason a wallet refused with reaches the integrator's backend too.
 */
@Injectable()
export class IdentificationWebhooks implements OnModuleInit {
  constructor(
    private readonly hooks: FlowTransitionHooks,
    private readonly webhooks: WebhooksService,
    private readonly kind: IdentificationFlowKind,
  ) {}

  onModuleInit(): void {
    this.hooks.register((flow) => this.report(flow));
  }

  private async report(flow: Flow): Promise<void> {
    if (flow.kind !== 'identification' || !flow.webhookUrl || !isTerminal(flow.status)) return;
    const type = `identification.${flow.status}` as WebhookEventType;
    await this.webhooks.enqueueFor(flow, type, { request: await this.kind.present(flow) });
  }
}
