import { DomainError } from '../../common/errors/domain-error';

export class SigningProviderExistsError extends DomainError {
  readonly status = 409;

  constructor(name: string) {
    super(`The consumer has a signing provider named ${name} already; replace it or remove it first`);
  }
}
