import type { ValidationIssue } from './validation-issue';

/**
 * Base of every error the service means to show a caller. The HTTP status and the reason travel with the error, so the
 * single exception filter can map it to the failed envelope without knowing each domain.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;

  /** `retryAfterSeconds`, when given, goes out as the answer's `Retry-After`: when the caller may try again. */
  constructor(
    readonly reason: string,
    private readonly retryAfterSeconds?: number,
  ) {
    super(reason);
    this.name = new.target.name;
  }

  get issues(): ValidationIssue[] | undefined {
    return undefined;
  }

  /** Headers the answer carries: the `Retry-After`, when the error names one. */
  get headers(): Record<string, string> | undefined {
    return this.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(this.retryAfterSeconds) };
  }

  /** Details a caller can act on, sent as the failed envelope's `data`. */
  get data(): object | undefined {
    return undefined;
  }
}
