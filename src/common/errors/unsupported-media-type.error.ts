import { DomainError } from './domain-error';

/** A body in a media type the route does not read; the answer names the ones it does. */
export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;

  constructor(private readonly accepted: readonly string[]) {
    super(
      `The request body must be ${accepted.join(' or ')}: send it with the header Content-Type: ${accepted.join(
        ' or Content-Type: ',
      )}`,
    );
  }

  override get data(): object {
    return { accepted: this.accepted };
  }
}
