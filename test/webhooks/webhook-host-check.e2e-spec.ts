import { hostname } from 'node:os';
import { createDocument, documentRowCounts } from '../support/document-flows';
import { IntegratorClient } from '../support/integrator-client';
import { bootstrapSandbox } from '../support/sandbox-tenant';
import { createSigning } from '../support/signing-flows';
import { TestApp, createTestApp } from '../support/test-app';

/** A name no resolver answers (RFC 6761 reserves `.invalid` for that). */
const UNRESOLVABLE = 'https://hooks.no-such-shop.invalid/idflow';

describe('a webhook host is looked up when the flow is created (WEBHOOK_HOST_CHECK=resolve, the default)', () => {
  let t: TestApp;
  let integrator: IntegratorClient;
  let nin: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_HOST_CHECK: 'resolve' } });
    const sandbox = await bootstrapSandbox(t.app);
    integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    nin = sandbox.testPersons[0].nin;
  });
  afterAll(() => t.close());

  // This machine's own name resolves to a loopback address (/etc/hosts).
  const cases = [
    [UNRESOLVABLE, 'webhook.host: hooks.no-such-shop.invalid does not resolve to any address'],
    [
      `https://${hostname()}/hook`,
      `webhook.host: ${hostname()} resolves to a loopback address, which idflow does not call`,
    ],
  ];

  it.each(cases)('signing refuses %s with a 400 issue on webhook.host, and creates nothing', async (host, message) => {
    const before = await documentRowCounts(t.app);
    const response = await createSigning(integrator, 'different-device', {
      action: 'sign',
      nin,
      payload: 'Contract 7',
      webhook: { host, reference: 'r-1' },
    });
    expect({ status: response.status, errors: response.body.errors }).toEqual({
      status: 400,
      errors: [{ code: 'custom', path: ['webhook', 'host'], message }],
    });
    expect(await documentRowCounts(t.app)).toEqual(before);
  });

  it.each(cases)('a document refuses %s the same way', async (host, message) => {
    const before = await documentRowCounts(t.app);
    const response = await createDocument(integrator, 'signing', {
      to: [nin],
      file: { url: 'https://files.example/contract.pdf', title: 'Contract' },
      webhook: { host, reference: 'r-2' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ code: 'custom', path: ['webhook', 'host'], message }]);
    expect(await documentRowCounts(t.app)).toEqual(before);
  });
});
