import { DomainError } from '../../errors/domain-error';

/** Why the outbound guard would not make, or finish, a request. */
export type OutboundRefusal =
  'invalid-url' | 'insecure-url' | 'private-address' | 'unresolvable' | 'too-large' | 'timeout' | 'too-many-redirects';

/**
 * A request the outbound guard refused or cut short. It is the caller's URL that is at fault (a private address, plain
 * http, an answer too big or too slow), so a route that lets it through answers 400 with the reason.
 */
export class OutboundRefusedError extends DomainError {
  readonly status = 400;

  constructor(
    readonly refusal: OutboundRefusal,
    reason: string,
  ) {
    super(reason);
  }
}
