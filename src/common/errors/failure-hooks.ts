import { Injectable } from '@nestjs/common';
import type { Request } from 'express';

/** Work a feature must finish before a failed request is answered; undefined when it has none for this request. */
export type BeforeFailureAnswer = (request: Request) => Promise<void> | undefined;

/**
 * What runs between a request's failure and its answer (billing gives back what a failed call reserved). Features
 * register here and the one exception filter runs them, since common code cannot import features. Registered work
 * catches its own errors: the failure is answered whatever becomes of it.
 */
@Injectable()
export class FailureHooks {
  private readonly hooks: BeforeFailureAnswer[] = [];

  register(hook: BeforeFailureAnswer): void {
    this.hooks.push(hook);
  }

  /** Settles once every hook's work for this request is done; undefined when there is none, the usual case. */
  beforeAnswer(request: Request): Promise<void> | undefined {
    let pending: Array<Promise<void>> | undefined;
    for (const hook of this.hooks) {
      const work = hook(request);
      if (work) (pending ??= []).push(work);
    }
    return pending && Promise.allSettled(pending).then(() => undefined);
  }
}
