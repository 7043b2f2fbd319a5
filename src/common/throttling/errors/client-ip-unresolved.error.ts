/** A request reached the rate limiter without the client IP that ClientIpMiddleware resolves: a wiring mistake. */
export class ClientIpUnresolvedError extends Error {
  constructor() {
    super('ClientIpMiddleware did not run before the rate limiter');
    this.name = 'ClientIpUnresolvedError';
  }
}
