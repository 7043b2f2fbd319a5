import { DomainError } from '../../common/errors/domain-error';

export class IntendedUseExistsError extends DomainError {
  readonly status = 409;

  constructor(name: string) {
    super(`The app has an intended use named ${name} already; remove it first to change it`);
  }
}
