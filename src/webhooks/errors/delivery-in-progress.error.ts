import { DomainError } from '../../common/errors/domain-error';

/** A redelivery asked for while an attempt of that delivery is being sent. */
export class DeliveryInProgressError extends DomainError {
  readonly status = 409;

  constructor() {
    super('The delivery is being sent right now; ask again once this attempt has ended');
  }
}
