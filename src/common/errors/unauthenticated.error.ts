import { DomainError } from './domain-error';

/** A credential (key, secret, token, admin bearer) is missing, unknown, revoked or does not fit the others. */
export class UnauthenticatedError extends DomainError {
  readonly status = 401;
}
