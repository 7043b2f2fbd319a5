import { DomainError } from '../../common/errors/domain-error';
import type { Environment } from '../../tenants/environment';

/** A person is known by NIN once per environment. */
export class PersonAlreadyExistsError extends DomainError {
  readonly status = 409;

  constructor(nin: string, environment: Environment) {
    super(`A person with NIN ${nin} already exists in ${environment}`);
  }
}
