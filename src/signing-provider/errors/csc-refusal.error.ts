/**
 * A refusal in the CSC API's own error shape (CSC API v2 10.1, after RFC 6749 5.2): `error` and
 * `error_description`, with its HTTP status.
 */
export class CscRefusal extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = new.target.name;
  }
}
