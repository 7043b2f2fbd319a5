import { type WebhookEvent, verifyWebhook } from '@idflow/client';
import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import type { JsonBody } from './json-body';
import type { ServiceProcess } from './service-process';
import type { WebhookReceiver } from './webhook-receiver';

/** A JSON call to a service process over HTTP, as an integrator's backend or an operator's script makes it. */
export async function callService(
  service: ServiceProcess,
  path: string,
  headers: Record<string, string>,
  body?: object,
): Promise<{ status: number; body: JsonBody }> {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as JsonBody };
}

/**
 * A signing flow created on `made` and approved by the sandbox test device on `approved` (the same service or another
 * instance): the virtual device signs with its sealed private key, and the `signing.completed` webhook, returned
 * here, must carry a signature by the app's sealed webhook secret.
 */
export async function signedWithWebhook(
  sandbox: SandboxBootstrap,
  receiver: WebhookReceiver,
  reference: string,
  made: ServiceProcess,
  approved: ServiceProcess = made,
): Promise<WebhookEvent> {
  const headers = { 'x-api-key': sandbox.apiKey, 'x-access-secret': sandbox.appSecret };
  const nin = sandbox.testPersons[0].nin;
  const created = await callService(made, '/api/v2/signing/different-device', headers, {
    action: 'sign',
    nin,
    payload: 'Contract 12',
    webhook: { host: receiver.url, reference },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const flowId: string = created.body.data.request.id;
  const approval = await callService(approved, `/api/v2/sandbox/flows/${flowId}/approve`, headers, { nin });
  if (approval.status !== 201) throw new Error(`approval failed: ${approval.status} ${JSON.stringify(approval.body)}`);
  const [hit] = await receiver.waitFor(reference, 1, 15_000);
  return verifyWebhook(hit.body, hit.headers, sandbox.webhookSecret);
}
