import { DomainError } from './domain-error';

/** Unknown, or belonging to someone else: the two are deliberately indistinguishable. */
export class NotFoundError extends DomainError {
  readonly status = 404;
}
