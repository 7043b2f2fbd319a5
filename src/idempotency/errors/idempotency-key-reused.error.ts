import { DomainError } from '../../common/errors/domain-error';

/** The key was first sent with another request: replaying that answer would answer a question nobody asked. */
export class IdempotencyKeyReusedError extends DomainError {
  readonly status = 422;

  constructor() {
    super('This Idempotency-Key was used with a different request (method, path or body); use a new key');
  }
}
