import { DomainError } from '../../common/errors/domain-error';

/** Each push buzzes a person's phone, and anyone who opens a login page may ask for one: past a cap, 429. */
export class TooManyLoginPushesError extends DomainError {
  readonly status = 429;

  constructor(
    reason: string,
    private readonly retryAfterSeconds: number,
  ) {
    super(reason);
  }

  override get headers(): Record<string, string> {
    return { 'retry-after': String(this.retryAfterSeconds) };
  }
}
