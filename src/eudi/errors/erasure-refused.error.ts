import { DomainError } from '../../common/errors/domain-error';

/**
 * A wallet's erasure request that is not carried out, and why: 400 when it is not one (not a signed request, stale,
 * for another verifier), 403 when it is not the presenting wallet's (its signature does not hold, or it is by a key
 * the presentation was not bound to). Nothing is erased or recorded.
 */
export class ErasureRefusedError extends DomainError {
  constructor(
    reason: string,
    readonly status: 400 | 403 = 400,
  ) {
    super(reason);
  }
}
