import { ServiceUnavailableError } from '../../common/errors/service-unavailable.error';

/** Long enough for the files ahead to be read: a file takes a reader well under a second unless it is refused. */
const RETRY_AFTER_SECONDS = 2;

/** Every PDF reader is busy and the queue before them is full: a 503 to retry, rather than files piling up in memory. */
export class PdfReadersBusyError extends ServiceUnavailableError {
  constructor(waiting: number) {
    super(`Every PDF reader is busy and ${waiting} files are waiting for one; try again shortly`, RETRY_AFTER_SECONDS);
  }
}
