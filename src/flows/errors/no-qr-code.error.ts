import { DomainError } from '../../common/errors/domain-error';

/** A flow pushed to a person's devices has no QR code to show. */
export class NoQrCodeError extends DomainError {
  readonly status = 400;

  constructor() {
    super('This flow has no animated QR code: only wildcard and same-device flows have one');
  }
}
