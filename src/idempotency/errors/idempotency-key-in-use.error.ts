import { DomainError } from '../../common/errors/domain-error';

/** The first request with this key is still being answered. */
export class IdempotencyKeyInUseError extends DomainError {
  readonly status = 409;

  constructor() {
    super('A request with this Idempotency-Key is still being processed; retry once it has been answered');
  }
}
