import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { downloadFile, untilCompleted } from '../support/document-flows';
import { IntegratorClient, SAME_DEVICE_LOGIN } from '../support/integrator-client';
import type { JsonBody } from '../support/json-body';
import { FileHost, makePdf } from '../support/pdf-fixtures';
import { PdfWorkbench } from '../support/pdf-tools';
import { bootstrapSandbox, credentials } from '../support/sandbox-tenant';
import { TestApp, createTestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/** The one address a deployment behind a proxy names; OPEN_URL, SIGN_URL and CDN_URL are left to follow it. */
const BASE_URL = 'https://idflow.example';
const LINK = /https?:\/\/[^\s"'<>)\\]+/g;

/** Every http(s) address in an answer or a text, wherever it sits. */
const linksIn = (value: unknown): string[] => (JSON.stringify(value) ?? '').match(LINK) ?? [];

describe('with only BASE_URL set, every link the service hands out points at it', () => {
  let t: TestApp;
  let sandbox: SandboxBootstrap;
  let host: FileHost;
  let receiver: WebhookReceiver;
  let pdf: PdfWorkbench;
  /** What the integrator itself supplied (its file and its webhook endpoint), which the service only echoes. */
  let supplied: string[];
  let created: JsonBody;
  let refreshed: JsonBody;
  let webhooks: JsonBody[];
  let sealedText: string;
  let sameDeviceLink: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL, ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true' } });
    sandbox = await bootstrapSandbox(t.app);
    [host, receiver, pdf] = await Promise.all([FileHost.start(), WebhookReceiver.start(), PdfWorkbench.open()]);
    const integrator = new IntegratorClient(t.http, { apiKey: sandbox.apiKey, appSecret: sandbox.appSecret });
    sameDeviceLink = (await integrator.start('same-device', SAME_DEVICE_LOGIN)).body.data.link;

    const fileUrl = host.put('/contract.pdf', await makePdf(1));
    supplied = [fileUrl, receiver.url];
    const nin = sandbox.testPersons[0].nin;
    const headers = credentials(sandbox);
    created = (
      await t
        .http()
        .post('/api/v2/document/review')
        .set(headers)
        .send({
          signee: [{ name: 'Signee', nin, type: 'person', email: 'signee@example.com', representing: '' }],
          file: { url: fileUrl, title: 'Contract' },
          webhook: { host: receiver.url, reference: 'links' },
        })
        .expect(201)
    ).body;
    const id: string = created.data.request.id;
    await t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin }).expect(201);
    const refresh = async () =>
      (await t.http().post('/api/v2/document/refresh').set(headers).send({ flow: id }).expect(200)).body;
    await untilCompleted(async () => (await refresh()).data.doc);
    refreshed = await refresh();
    // document.signee.signed and document.completed, in the order their deliveries happened to go out.
    webhooks = (await receiver.waitFor('links', 2)).map((hit) => hit.json);
    const stamped = (await downloadFile(t.http, refreshed.data.doc.file.stamped)).body as Buffer;
    sealedText = await pdf.pdftotext(stamped);
  });
  afterAll(async () => {
    await Promise.all([pdf?.close(), host?.close(), receiver?.close()]);
    await t?.close();
  });

  const ours = (links: string[]) => links.filter((link) => !supplied.includes(link));

  it('the same-device link of an identification create', () => {
    expect(sameDeviceLink).toMatch(new RegExp(`^${BASE_URL}/open/\\w+$`));
  });

  it('the review link of a document create', () => {
    expect(created.data.link).toBe(`${BASE_URL}/review/${created.data.request.id}`);
    expect(ours(linksIn(created)).length).toBeGreaterThan(0);
    for (const link of ours(linksIn(created))) expect(link.startsWith(`${BASE_URL}/`)).toBe(true);
  });

  it("the stamped file and review link of a refresh, and every webhook's", () => {
    expect(refreshed.data.doc.file.stamped).toMatch(new RegExp(`^${BASE_URL}/files/`));
    expect(webhooks.map((webhook) => webhook.type).sort()).toEqual(['document.completed', 'document.signee.signed']);
    const completed = webhooks.find((webhook) => webhook.type === 'document.completed');
    expect(completed?.data.doc.file.stamped).toBe(refreshed.data.doc.file.stamped);
    for (const link of ours(linksIn([refreshed, webhooks]))) expect(link.startsWith(`${BASE_URL}/`)).toBe(true);
  });

  it('the verification link printed in the sealed PDF', () => {
    expect(sealedText).toContain(`${BASE_URL}/verify`);
    for (const link of linksIn(sealedText)) expect(link).toBe(`${BASE_URL}/verify`);
  });
});
