import { DomainError } from '../../common/errors/domain-error';

export class OperatorNotFoundError extends DomainError {
  readonly status = 404;

  constructor() {
    super('Operator does not exist');
  }
}
