import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicPass } from './periodic-pass';

/** Whether this process does background work: the server does; the operator CLI and other one-shot tools do not. */
export const RUNS_BACKGROUND_WORK = Symbol('RUNS_BACKGROUND_WORK');

/** A pass a feature declares: its name (also its log context), how often it runs, what it does. */
export interface BackgroundPassDeclaration<T> {
  name: string;
  everyMs: number;
  run: () => Promise<T>;
  /** The log line of a failed pass. */
  failure: string;
}

/** Background work of another shape than a timed pass (the webhook dispatcher, woken by events as well). */
export interface BackgroundWorker {
  start(): void;
  /** Takes up no more work, and settles once the work under way is done. */
  stop(): Promise<void>;
}

/**
 * The one place a process's background work is started and stopped: features declare their passes and workers here
 * while the application is built; all of them start on bootstrap when this process does background work, and stop
 * before shutdown (before the database and Redis close), each waiting for its work under way. A process that is not the
 * server (the CLI) declares the same work but starts none of it, so a one-shot command never expires flows, sends
 * reminders or delivers webhooks beside its own task.
 */
@Injectable()
export class BackgroundWork implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly passes = new Map<string, { pass: PeriodicPass<unknown>; everyMs: number }>();
  private readonly workers = new Map<string, BackgroundWorker>();

  constructor(@Inject(RUNS_BACKGROUND_WORK) readonly runs: boolean) {}

  pass<T>(declaration: BackgroundPassDeclaration<T>): void {
    this.reserve(declaration.name);
    const pass = new PeriodicPass<unknown>(declaration.run, new Logger(declaration.name), declaration.failure);
    this.passes.set(declaration.name, { pass, everyMs: declaration.everyMs });
  }

  worker(name: string, worker: BackgroundWorker): void {
    this.reserve(name);
    this.workers.set(name, worker);
  }

  onApplicationBootstrap(): void {
    if (!this.runs) return;
    for (const { pass, everyMs } of this.passes.values()) pass.start(everyMs);
    for (const worker of this.workers.values()) worker.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([
      ...[...this.passes.values()].map(({ pass }) => pass.stop()),
      ...[...this.workers.values()].map((worker) => worker.stop()),
    ]);
  }

  /**
   * Runs the named pass now, whether or not this process runs passes on their timers: what it returned, or undefined
   * when it failed or a pass already under way made this one pointless.
   */
  runOnce(name: string): Promise<unknown> {
    const entry = this.passes.get(name);
    if (!entry) throw new Error(`No background pass is named '${name}'`);
    return entry.pass.runOnce();
  }

  private reserve(name: string): void {
    if (this.passes.has(name) || this.workers.has(name)) throw new Error(`Background work '${name}' is declared twice`);
  }
}
