import { DomainError } from '../../common/errors/domain-error';

/** Another device picked the flow up first (a same-device link opened twice, a second wildcard scan). */
export class FlowTakenError extends DomainError {
  readonly status = 409;

  constructor() {
    super('The flow has already been picked up by another device');
  }
}
