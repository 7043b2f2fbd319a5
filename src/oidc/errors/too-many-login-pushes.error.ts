import { DomainError } from '../../common/errors/domain-error';

/** Each push buzzes a person's phone, and anyone who opens a login page may ask for one: past a cap, 429. */
export class TooManyLoginPushesError extends DomainError {
  readonly status = 429;

  constructor(reason: string, retryAfterSeconds: number) {
    super(reason, retryAfterSeconds);
  }
}
