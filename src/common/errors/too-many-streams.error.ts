import { DomainError } from './domain-error';

/**
 * Streams (and legacy polls) are held open for as long as the client likes, so each costs memory until it goes: past a
 * cap, 429.
 */
export class TooManyStreamsError extends DomainError {
  readonly status = 429;

  /** `held`: what is held open, `event streams` or `held polls`. */
  constructor(scope: string, retryAfterSeconds: number, held = 'event streams') {
    super(`Too many ${held} are open for this ${scope}; close one or retry later`, retryAfterSeconds);
  }
}
