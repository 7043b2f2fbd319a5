import type { Flow } from '../flows/flow.entity';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { adminFlowView } from './flow-views';

const flow = {
  id: 'req_1',
  kind: 'signing',
  startMode: 'different-device',
  action: 'sign',
  status: 'completed',
  endReason: null,
  consumerId: 'bcn_1',
  appId: 'app_1',
  appName: 'Acme',
  environment: 'sandbox',
  payload: 'Pay 100 to Acme',
  targetNin: '12345678901',
  holderNin: '12345678901',
  webhookReference: 'order-1',
  deviceId: 'dev_1',
  signature: 'eyJhbGciOi...',
  claims: { naming: { name: 'eyJlbmMiOi...' } },
  createdAt: 1_000_000,
  seenAt: 2_000_000,
  viewedAt: null,
  signedAt: 4_000_000,
  updatedAt: 4_000_000,
  expiresAt: 9_000_000,
} as unknown as Flow;

describe('adminFlowView', () => {
  it('tells the flow in order, webhooks included, and leaves out what it carries and whose it is', () => {
    const delivery = { type: 'signing.completed', status: 'failed', attempts: 2, createdAt: 4_500_000 };
    const view = adminFlowView(flow, [delivery as WebhookDelivery]);
    expect(view.timeline).toEqual([
      { at: 1000, event: 'created by Acme (different-device)' },
      { at: 2000, event: "fetched by the holder's app" },
      { at: 4000, event: 'signed' },
      { at: 4000, event: 'completed' },
      { at: 4500, event: 'webhook signing.completed: failed after 2 attempt(s)' },
    ]);
    const text = JSON.stringify(view);
    for (const hidden of ['12345678901', 'Pay 100', 'eyJhbGciOi', 'eyJlbmMiOi']) expect(text).not.toContain(hidden);
  });

  it('shows no end while the flow is open', () => {
    const open = adminFlowView({ ...flow, status: 'active', signedAt: null }, []);
    expect(open.timeline.map((moment) => moment.event)).toEqual([
      'created by Acme (different-device)',
      "fetched by the holder's app",
    ]);
  });
});
