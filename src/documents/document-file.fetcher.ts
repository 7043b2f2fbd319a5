import { Injectable } from '@nestjs/common';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { OutboundClient } from '../common/outbound/outbound-client';
import { OutboundRefusedError } from '../common/outbound/errors/outbound-refused.error';
import { OutboundRequestError } from '../common/outbound/errors/outbound-request.error';
import { AppConfig } from '../config/app-config';
import { NotAPdfError } from './errors/not-a-pdf.error';
import { PdfReadingPool } from './pdf-reading.pool';

export interface FetchedPdf {
  bytes: Buffer;
  pageCount: number;
}

const DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * Downloads a document's file through the outbound guard (DESIGN sections 8 and 9) and checks that it is a PDF. Every
 * way the URL can fail, unreachable, private, too big, not a PDF, is the caller's to fix, so each is a 400 issue on
 * `file.url` and nothing is kept.
 */
@Injectable()
export class DocumentFileFetcher {
  constructor(
    private readonly outbound: OutboundClient,
    private readonly config: AppConfig,
    private readonly pdfs: PdfReadingPool,
  ) {}

  /** The checks that need no network, so a bad URL is refused before anything else happens. */
  checkUrl(url: string, path: Array<string | number> = ['file', 'url']): void {
    try {
      this.outbound.checkUrl(url);
    } catch (error) {
      throw this.refusal(error, path);
    }
  }

  /** The file at `url`, checked to be a PDF of at most `maxPages` distinct pages. */
  async fetch(
    url: string,
    path: Array<string | number> = ['file', 'url'],
    maxPages = this.config.MAX_PDF_PAGES,
  ): Promise<FetchedPdf> {
    const bytes = await this.download(url, path);
    try {
      const { pageCount } = await this.pdfs.read('inspect', bytes, maxPages);
      return { bytes, pageCount };
    } catch (error) {
      throw this.refusal(error, path);
    }
  }

  /** The bytes at `url`, unread: for a caller that reads them on PDF reading threads of its own. */
  async download(url: string, path: Array<string | number>): Promise<Buffer> {
    try {
      const answer = await this.outbound.request({
        url,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
        maxResponseBytes: this.config.MAX_FILE_BYTES,
        oversize: 'refuse',
        headers: { accept: 'application/pdf' },
      });
      if (answer.status < 200 || answer.status > 299) {
        throw invalid(path, `${path.join('.')} answered HTTP ${answer.status}; it must be a direct link to the file`);
      }
      return answer.body;
    } catch (error) {
      throw this.refusal(error, path);
    }
  }

  private refusal(error: unknown, path: Array<string | number>): unknown {
    const name = path.join('.');
    if (error instanceof OutboundRefusedError && error.refusal === 'too-large') {
      return invalid(path, `${name} is larger than MAX_FILE_BYTES (${this.config.MAX_FILE_BYTES} bytes)`, 'too_big');
    }
    if (
      error instanceof OutboundRefusedError ||
      error instanceof OutboundRequestError ||
      error instanceof NotAPdfError
    ) {
      return invalid(path, `${name}: ${error.message}`);
    }
    return error;
  }
}

function invalid(path: Array<string | number>, message: string, code: 'custom' | 'too_big' = 'custom') {
  return new RequestValidationError([{ code, path, message }], 'The file could not be used');
}
