import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { LocalServer } from './local-server';

/** A small real PDF with `pages` pages of text, as an integrator's contract might be. */
export async function makePdf(pages = 2, title = 'Test contract'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) {
    const page = document.addPage([595.28, 841.89]);
    page.drawText(`${title}, page ${index + 1}`, { x: 72, y: 760, size: 16, font });
  }
  return Buffer.from(await document.save());
}

/**
 * An integrator's file host on 127.0.0.1: serves whatever bytes a test puts under a path, 404 otherwise. Document
 * tests run with ALLOW_PRIVATE_URLS and ALLOW_INSECURE_URLS so the service may download from it.
 */
export class FileHost {
  private readonly files = new Map<string, { bytes: Buffer; type: string }>();

  private constructor(private readonly server: LocalServer) {}

  static async start(): Promise<FileHost> {
    let host: FileHost | undefined;
    const server = await LocalServer.start((request, response) => {
      const file = (host as FileHost).files.get(request.url ?? '');
      if (!file) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length }).end(file.bytes);
    });
    host = new FileHost(server);
    return host;
  }

  /** Serves `bytes` at `path` and returns its full URL. */
  put(path: string, bytes: Buffer, type = 'application/pdf'): string {
    this.files.set(path, { bytes, type });
    return `${this.server.origin}${path}`;
  }

  url(path: string): string {
    return `${this.server.origin}${path}`;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
