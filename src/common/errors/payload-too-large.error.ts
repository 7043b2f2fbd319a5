import { DomainError } from './domain-error';

export class PayloadTooLargeError extends DomainError {
  readonly status = 413;

  constructor(limit: string) {
    super(`The request body is larger than ${limit}`);
  }
}
