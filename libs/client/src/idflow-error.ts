/** One validation issue of a 400 answer: what failed, where in the body, and why. */
export interface ValidationIssue {
  code: string;
  path: Array<string | number>;
  message: string;
}

/**
 * A failed call: the HTTP status, the envelope's reason (or the plain-text body, as a rate-limited answer has no
 * envelope), the whole body, the validation issues of a 400, and the seconds `Retry-After` asked for (429 and 503).
 */
export class IdflowError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly body: unknown,
    readonly errors: ValidationIssue[] = [],
    readonly retryAfter?: number,
  ) {
    super(`${status}: ${reason}`);
    this.name = 'IdflowError';
  }
}
