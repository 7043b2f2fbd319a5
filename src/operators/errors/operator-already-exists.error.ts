import { DomainError } from '../../common/errors/domain-error';

/** A person is an operator once, with one role. */
export class OperatorAlreadyExistsError extends DomainError {
  readonly status = 409;

  constructor(existingId: string) {
    super(`This person is already operator ${existingId}; change their role instead`);
  }
}
