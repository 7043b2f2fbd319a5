import { DomainError } from '../../common/errors/domain-error';

/**
 * The timestamp authority answered, but not with a token for this request: an error status, a refusal, or a token over
 * something else. A document's seal is tried again later on it, and falls to a lower level on its last try; an archive
 * renewal, which exists for its timestamp, fails with
 * it, and the caller is told that the authority failed, not that idflow did.
 */
export class TimestampAuthorityError extends DomainError {
  readonly status = 502;
}
