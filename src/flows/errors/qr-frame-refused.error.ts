import { DomainError } from '../../common/errors/domain-error';

/** A scanned animated QR frame that is out of its time, or whose code does not match: nothing is picked up. */
export class QrFrameRefusedError extends DomainError {
  readonly status = 400;
}
