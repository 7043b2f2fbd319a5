/** A sealed secret that cannot be opened: a configuration fault (a missing key) or tampering, never a caller's. */
export class SecretUnreadableError extends Error {
  constructor(context: string, why: string) {
    super(`The secret in ${context} cannot be read: ${why}`);
    this.name = 'SecretUnreadableError';
  }
}
