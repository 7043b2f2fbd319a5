import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart, starting up). */
const UNAVAILABLE_SQLSTATE = /^(08|57P)/;
/** What a socket says when the server behind it is gone or not yet back. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/**
 * node-postgres's own words, which carry no code, for a connection that ended or never came, and for a query sent on
 * a client whose connection had already broken (a transaction's client when the server went away mid-transaction).
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether an error means that a server the request needed (PostgreSQL, mostly) is not answering, rather than that the
 * request or idflow is wrong: such a request is worth retrying shortly, and answered 503 instead of 500. TypeORM wraps
 * the driver's error (`driverError`); others chain it as `cause`.
 */
export function isUnavailableDependency(error: unknown): boolean {
  for (let depth = 0; error instanceof Error && depth < 4; depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
    // TypeORM's PostgreSQL query runner releases itself when its client reports a connection error, so the next query
    // of a transaction under way fails so (the PostgreSQL restart fault suite saw it, answered 500). The service's own
    // code keeps no query runner past the transaction that owns it, so here it means the connection broke. A statement
    // of the same transaction sent through its EntityManager (a batched insert) fails as the provider's release.
    if (error instanceof QueryRunnerAlreadyReleasedError || error instanceof QueryRunnerProviderAlreadyReleasedError) {
      return true;
    }
    error = (error as { driverError?: unknown }).driverError ?? error.cause;
  }
  return false;
}
