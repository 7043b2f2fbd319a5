import { DomainError } from './domain-error';

/** The caller is known but may not do this, for example a scope its app is not provisioned for. */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
