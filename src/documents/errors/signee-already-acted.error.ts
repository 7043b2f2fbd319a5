import { DomainError } from '../../common/errors/domain-error';
import type { SigneeStatus } from '../signee-status';

/** The signee already signed or declined this document (or it ended before they acted). */
export class SigneeAlreadyActedError extends DomainError {
  readonly status = 409;

  constructor(signeeStatus: SigneeStatus) {
    super(`This signee has already ${signeeStatus === 'stale' ? 'been passed over' : signeeStatus} this document`);
  }
}
