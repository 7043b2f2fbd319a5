import { DomainError } from '../../common/errors/domain-error';

export class PasskeyAlreadyRegisteredError extends DomainError {
  readonly status = 409;

  constructor() {
    super('This device already has a passkey');
  }
}
