import { DomainError } from '../../common/errors/domain-error';

/**
 * An erasure request naming no presentation that released data here: another deployment's, one this verifier never
 * accepted, or one whose flow retention has removed already.
 */
export class UnknownPresentationError extends DomainError {
  readonly status = 404;
}
