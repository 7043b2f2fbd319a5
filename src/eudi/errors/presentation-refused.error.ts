import { DomainError } from '../../common/errors/domain-error';

/** A wallet's presentation that the verifier does not accept; the reason is told to the wallet and kept on the flow. */
export class PresentationRefusedError extends DomainError {
  readonly status = 400;
}
