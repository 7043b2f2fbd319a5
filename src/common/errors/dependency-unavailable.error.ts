import { ServiceUnavailableError } from './service-unavailable.error';

/** Long enough for a restarted PostgreSQL to take connections again, short enough not to give up on it. */
const RETRY_AFTER_SECONDS = 5;

/** A server the request needed (PostgreSQL restarting, say) did not answer: a 503 to retry, not an unexpected 500. */
export class DependencyUnavailableError extends ServiceUnavailableError {
  constructor(errorId: string) {
    super(`The service is briefly unavailable; try again shortly (error id ${errorId})`, RETRY_AFTER_SECONDS);
  }
}
