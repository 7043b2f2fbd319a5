import { DomainError } from '../../common/errors/domain-error';

/**
 * A body posted to a flow's response address that is not a presentation for that flow: not a JWE, not encrypted to
 * the flow's key, or for another state. Anyone who saw the QR code can post one, so it is refused without touching the
 * flow, which stays pending for the person's own wallet.
 */
export class UnreadableResponseError extends DomainError {
  readonly status = 400;
}
