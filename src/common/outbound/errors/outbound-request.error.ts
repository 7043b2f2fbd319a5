import { DomainError } from '../../errors/domain-error';

/** The other end could not be reached or broke off: DNS failure, connection refused or reset, TLS failure. */
export class OutboundRequestError extends DomainError {
  readonly status = 502;

  constructor(
    reason: string,
    /** The system error code when there is one (`ENOTFOUND`, `ECONNREFUSED`, `CERT_HAS_EXPIRED`, ...). */
    readonly code?: string,
  ) {
    super(reason);
  }
}
