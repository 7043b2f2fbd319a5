/**
 * Turns at one database connection, first come first served: whoever holds the gate has the connection to itself
 * until it gives the gate back, and the next in line gets it straight from them, so nobody can slip in between.
 */
export class ConnectionGate {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  /** Takes the gate: at once (nothing to wait for) when it is free, otherwise a promise of its turn. */
  take(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}
