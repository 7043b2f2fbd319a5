import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { downloadFile, simulatorSignedDocument, untilCompleted } from './document-flows';
import type { JsonBody } from './json-body';
import { FileHost, makePdf } from './pdf-fixtures';
import { PdfWorkbench } from './pdf-tools';
import { bootstrapSandbox, credentials } from './sandbox-tenant';
import { type TestApp, createListeningTestApp, createTestApp } from './test-app';
import { eventually } from './waiting';

/**
 * What the seal suites share: an app (allowed to download from a local file host) with the sandbox, documents
 * completed through the simulator, `/verify`, and a workbench for pdfsig and pdftotext.
 */
export class SealedDocuments {
  private files = 0;

  private constructor(
    readonly t: TestApp,
    readonly sandbox: SandboxBootstrap,
    private readonly host: FileHost,
    readonly pdf: PdfWorkbench,
  ) {}

  /**
   * With `listening`, the app serves on a loopback port that BASE_URL names, so the addresses its seal CA writes into
   * certificates (OCSP, CRL) answer, to the app itself and to openssl. BASE_URL names the loopback by `hostname`:
   * `localhost` for a browser suite's passkeys, which WebAuthn binds to a domain, never to an IP address.
   */
  static async start(
    env: Record<string, string> = {},
    { listening = false, hostname = '127.0.0.1' } = {},
  ): Promise<SealedDocuments> {
    const allEnv = { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', ...env };
    const t = listening
      ? await createListeningTestApp((origin) => ({ BASE_URL: origin.replace('127.0.0.1', hostname), ...allEnv }))
      : await createTestApp({ env: allEnv });
    return new SealedDocuments(t, await bootstrapSandbox(t.app), await FileHost.start(), await PdfWorkbench.open());
  }

  /** A signing document of `pages` pages that `signers` (test persons) sign: refresh's view and the stamped file. */
  async complete(signers: string[], pages = 1): Promise<{ doc: JsonBody; stamped: Buffer }> {
    this.files += 1;
    const url = this.host.put(`/document-${this.files}.pdf`, await makePdf(pages));
    return simulatorSignedDocument(this.t, this.sandbox, url, signers);
  }

  /**
   * A signing document of one page that `signers` sign through the simulator, under a webhook reference of its own:
   * its id and reference, answered once the last signature commits (its stamped copy is made after).
   */
  async sign(signers: string[]): Promise<{ id: string; reference: string }> {
    this.files += 1;
    const reference = `sealed-${this.files}-${Date.now()}`;
    const headers = credentials(this.sandbox);
    const created = await this.t
      .http()
      .post('/api/v2/document/signing')
      .set(headers)
      .send({
        to: signers,
        file: { url: this.host.put(`/signed-${this.files}.pdf`, await makePdf(1)), title: 'Sealed' },
        webhook: { host: 'https://example.com/hook', reference },
      })
      .expect(201);
    const id: string = created.body.data.request.id;
    for (const nin of signers) {
      await this.t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin }).expect(201);
    }
    return { id, reference };
  }

  /** The document as refresh shows it. */
  async refresh(id: string): Promise<JsonBody> {
    const headers = credentials(this.sandbox);
    return (await this.t.http().post('/api/v2/document/refresh').set(headers).send({ flow: id }).expect(200)).body.data
      .doc;
  }

  /** The document as refresh shows it once an attempt at its stamped copy has failed and says why (`pendingReason`). */
  async untilPending(id: string): Promise<JsonBody> {
    let pending: JsonBody | undefined;
    await eventually(
      'the failure is told',
      async () => {
        pending = await this.refresh(id);
        return pending?.pendingReason !== undefined;
      },
      20_000,
    );
    return pending!;
  }

  /** The stamped copy of a document, once it is completed. */
  async stampedCopy(id: string): Promise<Buffer> {
    const doc = await untilCompleted(() => this.refresh(id));
    return (await downloadFile(this.t.http, doc.file.stamped)).body as Buffer;
  }

  /** The integrator's answer listing the webhooks queued for this reference. */
  deliveries(reference: string) {
    return this.t
      .http()
      .get('/api/v2/webhooks/deliveries')
      .query({ reference })
      .set(credentials(this.sandbox))
      .expect(200);
  }

  /** The types of the webhooks queued for this reference, as the integrator lists its deliveries. */
  async webhookTypes(reference: string): Promise<string[]> {
    const listed = await this.deliveries(reference);
    return listed.body.data.deliveries.map((delivery: { type: string }) => delivery.type).sort();
  }

  /** A review document whose signees (test persons, each under the name given) sign through the simulator. */
  async completeReview(signees: Array<{ nin: string; name: string }>): Promise<Buffer> {
    return this.stampedCopy((await this.signReview(signees)).id);
  }

  /**
   * A review document of one page, created with `options` besides its signees, file and webhook (a reference of its
   * own), whose signees sign through the simulator in list order: its id and reference, once the last signature
   * commits.
   */
  async signReview(
    signees: Array<{ nin: string; name: string }>,
    options: object = {},
  ): Promise<{ id: string; reference: string }> {
    const { id, reference } = await this.createReview(signees, options);
    const headers = credentials(this.sandbox);
    for (const { nin } of signees) {
      await this.t.http().post(`/api/v2/sandbox/flows/${id}/approve`).set(headers).send({ nin }).expect(201);
    }
    return { id, reference };
  }

  /**
   * A review document of one page titled `Review`, created with `options` besides its signees, file and webhook (a
   * reference of its own), that nobody signed yet: its id, reference and the PDF's bytes.
   */
  async createReview(
    signees: Array<{ nin: string; name: string }>,
    options: object = {},
  ): Promise<{ id: string; reference: string; pdf: Buffer }> {
    this.files += 1;
    const reference = `review-${this.files}-${Date.now()}`;
    const pdf = await makePdf(1);
    const created = await this.t
      .http()
      .post('/api/v2/document/review')
      .set(credentials(this.sandbox))
      .send({
        signee: signees.map(({ nin, name }, index) => ({
          name,
          nin,
          type: 'person',
          email: `signee${index}@example.com`,
          representing: '',
        })),
        file: { url: this.host.put(`/review-${this.files}.pdf`, pdf), title: 'Review' },
        webhook: { host: 'https://example.com/hook', reference },
        ...options,
      })
      .expect(201);
    return { id: created.body.data.request.id, reference, pdf };
  }

  /**
   * pdfsig's report of the file, one entry a signature in file order, with the sandbox signing CA, the seal CA and
   * `moreCaPems` (a timestamp authority's, say) trusted.
   */
  async pdfsigSignatures(stamped: Buffer, ...moreCaPems: string[]): Promise<string[]> {
    const signingCa = (await this.t.http().get('/.well-known/idflow-signing-ca.pem').expect(200)).text;
    const sealCa = (await this.t.http().get('/.well-known/idflow-seal-ca.pem').expect(200)).text;
    const report = await this.pdf.pdfsig(stamped, await this.pdf.trustStore(signingCa, sealCa, ...moreCaPems));
    return report.split(/Signature #\d+:/).slice(1);
  }

  /** `data` of `POST /verify` with the file as the body. */
  async verify(bytes: Buffer): Promise<JsonBody> {
    return (await this.t.http().post('/verify').set('content-type', 'application/pdf').send(bytes).expect(200)).body
      .data;
  }

  async close(): Promise<void> {
    await this.pdf.close();
    await this.host.close();
    await this.t.close();
  }
}
