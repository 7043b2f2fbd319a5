import { DomainError } from '../../common/errors/domain-error';

/** The seal certificate is not one idflow's sandbox seal CA can revoke: the message says why. */
export class SealRevocationRefusedError extends DomainError {
  readonly status = 409;
}
