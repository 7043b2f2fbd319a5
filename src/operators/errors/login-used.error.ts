import { DomainError } from '../../common/errors/domain-error';

/** One login makes one session: an ID token presented again may have been copied. */
export class LoginUsedError extends DomainError {
  readonly status = 401;

  constructor() {
    super('This login was already used for a session; sign in again');
  }
}
