import { DomainError } from './domain-error';

/** A dependency the request needs (database, Redis) is not answering. */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}
