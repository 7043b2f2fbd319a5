import { DomainError } from '../../common/errors/domain-error';

/** The file at `file.url` is not a PDF the service can sign: the caller has to supply a different file. */
export class NotAPdfError extends DomainError {
  readonly status = 400;

  /** `detail` says what is wrong with the file, after "The file is not a usable PDF: ". */
  constructor(readonly detail: string) {
    super(`The file is not a usable PDF: ${detail}`);
  }
}
