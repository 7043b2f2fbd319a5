import { DomainError } from './domain-error';

/** A path some route answers, asked with a method none of its routes takes. */
export class MethodNotAllowedError extends DomainError {
  readonly status = 405;

  constructor(
    method: string,
    private readonly allow: string,
  ) {
    super(`This path does not take ${method}; it takes ${allow}`);
  }

  override get headers(): Record<string, string> {
    return { allow: this.allow };
  }
}
