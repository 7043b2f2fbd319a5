import { DomainError } from '../../common/errors/domain-error';

export class KeyAlreadyEnrolledError extends DomainError {
  readonly status = 409;

  constructor() {
    super('This public key is already enrolled as a device');
  }
}
