import { verifyWebhook } from '@idflow/client';
import { eventually } from './waiting';
import type { ReceivedWebhook, WebhookReceiver } from './webhook-receiver';

/**
 * What the service promises of webhooks, checked for flows that reached an end: each arrives (at least once, within
 * `timeoutMs`), about its flow, signed with the app's secret, and under one `webhook-id` however often it is sent.
 * `expected` maps each webhook reference to its flow. Resolves with the webhooks of those references.
 */
export async function expectPromisedWebhooks(
  receiver: WebhookReceiver,
  secret: string,
  type: string,
  expected: Map<string, string>,
  timeoutMs: number,
): Promise<ReceivedWebhook[]> {
  const ofType = (reference: string) => receiver.hitsFor(reference).filter((hit) => hit.json.type === type);
  const missing = () => [...expected.keys()].filter((reference) => ofType(reference).length === 0);
  await eventually(`${type} webhooks arrive`, async () => missing().length === 0, timeoutMs).catch(() => undefined);
  expect(missing()).toEqual([]);
  const hits = [...expected.keys()].flatMap(ofType);
  for (const hit of hits) {
    expect(verifyWebhook(hit.body, hit.headers, secret)).toMatchObject({
      type,
      flow: expected.get(hit.json.reference),
    });
  }
  for (const reference of expected.keys()) {
    expect({ reference, ids: new Set(ofType(reference).map((hit) => hit.id)).size }).toEqual({ reference, ids: 1 });
  }
  return hits;
}
