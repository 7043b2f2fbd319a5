import { DomainError } from '../../common/errors/domain-error';

/** STATIC_SEEDS is off: only the animated QR code's frames pick a wildcard flow up. */
export class StaticSeedsOffError extends DomainError {
  readonly status = 400;

  constructor() {
    super('Static seeds are not accepted by this service: scan the animated QR code on the screen');
  }
}
