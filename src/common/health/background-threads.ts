import { Injectable } from '@nestjs/common';

export type BackgroundThreadState = 'up' | 'down' | 'not configured';

/** The name the embedded database's checkpoint thread registers under, and readiness reports it by. */
export const CHECKPOINT_THREAD = 'checkpointer';

/**
 * The threads an instance runs beside its requests (the embedded database's checkpoint thread), each reporting whether
 * it runs: readiness shows them. Common code, since readiness cannot import the database layer that owns the thread.
 */
@Injectable()
export class BackgroundThreads {
  private readonly states = new Map<string, () => BackgroundThreadState>();

  register(name: string, state: () => BackgroundThreadState): void {
    this.states.set(name, state);
  }

  /** `not configured` for a thread this instance does not run. */
  stateOf(name: string): BackgroundThreadState {
    return this.states.get(name)?.() ?? 'not configured';
  }
}
