import { NotFoundError } from '../../common/errors/not-found.error';
import type { Environment } from '../../tenants/environment';

export class PersonNotFoundError extends NotFoundError {
  constructor(nin: string, environment: Environment) {
    super(`No person has NIN ${nin} in ${environment}`);
  }
}
