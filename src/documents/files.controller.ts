import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/route-access/public.decorator';
import { RawResponse } from '../common/envelope/envelope.decorator';
import { NotFoundError } from '../common/errors/not-found.error';
import { FILE_KEY_PATTERN, FILE_STORAGE, type FileStorage, type StoredFileStream } from './file-storage';
import { StoredFileNotFoundError } from './errors/stored-file-not-found.error';

/**
 * `{CDN_URL}/files/<key>`: originals (for the signees' devices and the review page) and stamped PDFs. The key is 40
 * random characters handed out by the storage, and it is the only access control, as for any unguessable CDN link.
 */
@ApiTags('pages')
@Controller('files')
export class FilesController {
  private readonly logger = new Logger(FilesController.name);

  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  @Get(':key')
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'A stored PDF: a document original or its stamped, signed copy' })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF', content: { 'application/pdf': { example: '%PDF-1.7 ...' } } })
  @ApiResponse({ status: 404, description: 'No file under this key' })
  async file(@Param('key') key: string, @Res() response: Response): Promise<void> {
    if (!FILE_KEY_PATTERN.test(key)) throw new NotFoundError('No such file');
    let file: StoredFileStream;
    try {
      file = await this.storage.open(key);
    } catch (error) {
      if (error instanceof StoredFileNotFoundError) throw new NotFoundError('No such file');
      throw error;
    }
    response
      .status(200)
      .type('application/pdf')
      .setHeader('content-disposition', `inline; filename="${key}"`)
      // A stored file never changes under its key.
      .setHeader('cache-control', 'public, max-age=31536000, immutable')
      .setHeader('x-content-type-options', 'nosniff')
      .setHeader('content-length', String(file.size));
    // Streamed, so serving a file holds a chunk of it rather than all of it. A failure midway (the client gone, the
    // store unreachable) can no longer change the status: the response is cut short, short of its declared length.
    await pipeline(file.stream, response).catch((error: unknown) => {
      // Not the key: it is the file's only access control.
      this.logger.warn({ err: error }, 'A stored file was not served whole');
    });
  }
}
