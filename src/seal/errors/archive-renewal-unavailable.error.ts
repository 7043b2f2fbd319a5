import { DomainError } from '../../common/errors/domain-error';

/** Archive renewal adds a document timestamp, which only a timestamp authority gives. */
export class ArchiveRenewalUnavailableError extends DomainError {
  readonly status = 409;

  constructor() {
    super('Archive renewal needs a timestamp authority: TSA_URL is not set');
  }
}
