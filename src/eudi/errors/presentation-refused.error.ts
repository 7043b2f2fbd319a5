import { DomainError } from '../../common/errors/domain-error';

/**
 * A presentation for this flow that does not verify, or an answer that comes too late: the reason is told to the sender
 * alone, and the flow is left as it is, since whoever saw the QR code could have sent it.
 */
export class PresentationRefusedError extends DomainError {
  readonly status = 400;
}
