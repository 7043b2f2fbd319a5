import type { Flow } from '../flows/flow.entity';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import type { AdminFlowView, FlowMomentView } from './admin-view-types';
import { seconds } from './admin-views';

const ENDED = new Set(['completed', 'rejected', 'cancelled', 'expired']);

function moments(flow: Flow, deliveries: WebhookDelivery[]): FlowMomentView[] {
  const at = (ms: number | null, event: string) => (ms === null ? [] : [{ at: seconds(ms), event }]);
  return [
    ...at(flow.createdAt, `created by ${flow.appName} (${flow.startMode})`),
    ...at(flow.seenAt, "fetched by the holder's app"),
    ...at(flow.viewedAt, 'shown to the holder'),
    ...at(flow.signedAt, 'signed'),
    ...(ENDED.has(flow.status)
      ? at(flow.updatedAt, `${flow.status}${flow.endReason ? ` (${flow.endReason})` : ''}`)
      : []),
    ...deliveries.map((delivery) => ({
      at: seconds(delivery.createdAt),
      event: `webhook ${delivery.type}: ${delivery.status} after ${delivery.attempts} attempt(s)`,
    })),
  ].sort((a, b) => a.at - b.at);
}

export function adminFlowView(flow: Flow, deliveries: WebhookDelivery[]): AdminFlowView {
  return {
    id: flow.id,
    kind: flow.kind,
    startMode: flow.startMode,
    action: flow.action,
    status: flow.status,
    endReason: flow.endReason,
    consumerId: flow.consumerId,
    appId: flow.appId,
    appName: flow.appName,
    environment: flow.environment,
    reference: flow.webhookReference,
    device: flow.deviceId,
    intendedUse: flow.intendedUse,
    createdAt: seconds(flow.createdAt),
    expiresAt: seconds(flow.expiresAt),
    updatedAt: seconds(flow.updatedAt),
    timeline: moments(flow, deliveries),
  };
}
