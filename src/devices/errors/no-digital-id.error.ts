import { DomainError } from '../../common/errors/domain-error';

/** Spec section 7: a different-device flow for a NIN with no registered digital ID. */
export class NoDigitalIdError extends DomainError {
  readonly status = 400;

  constructor() {
    super('The national has no digital ID; offer signup or a wildcard flow instead');
  }
}
