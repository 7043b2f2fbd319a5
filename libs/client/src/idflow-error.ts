/** A failed call: the HTTP status, the envelope's reason, the whole body and any validation issues. */
export class IdflowError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly body: unknown,
    readonly errors: Array<{ code: string; path: Array<string | number>; message: string }> = [],
  ) {
    super(`${status}: ${reason}`);
    this.name = 'IdflowError';
  }
}
