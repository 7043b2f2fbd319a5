import type { SandboxBootstrap } from '../../src/sandbox/sandbox-bootstrap.service';
import { simulatorSignedDocument } from './document-flows';
import type { JsonBody } from './json-body';
import { FileHost, makePdf } from './pdf-fixtures';
import { PdfWorkbench } from './pdf-tools';
import { bootstrapSandbox } from './sandbox-tenant';
import { type TestApp, createTestApp } from './test-app';

/**
 * What the seal suites share: an app (allowed to download from a local file host) with the sandbox, documents
 * completed through the simulator, `/verify`, and a workbench for pdfsig and pdftotext.
 */
export class SealedDocuments {
  private files = 0;

  private constructor(
    readonly t: TestApp,
    private readonly sandbox: SandboxBootstrap,
    private readonly host: FileHost,
    readonly pdf: PdfWorkbench,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<SealedDocuments> {
    const t = await createTestApp({ env: { ALLOW_PRIVATE_URLS: 'true', ALLOW_INSECURE_URLS: 'true', ...env } });
    return new SealedDocuments(t, await bootstrapSandbox(t.app), await FileHost.start(), await PdfWorkbench.open());
  }

  /** A signing document of `pages` pages that `signers` (test persons) sign: refresh's view and the stamped file. */
  async complete(signers: string[], pages = 1): Promise<{ doc: JsonBody; stamped: Buffer }> {
    this.files += 1;
    const url = this.host.put(`/document-${this.files}.pdf`, await makePdf(pages));
    return simulatorSignedDocument(this.t, this.sandbox, url, signers);
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
