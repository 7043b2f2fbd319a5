/** A configuration that cannot start the service; the message names each offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One problem, one line: what an operator sees first when the start stops.
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n  - ${problems.join('\n  - ')}`,
    );
    this.name = 'ConfigError';
  }
}
