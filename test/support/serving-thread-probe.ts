import type { TestApp } from './test-app';

/** What the serving thread did while some work ran, probed by liveness checks. */
export interface ServingThreadReport {
  /** Liveness checks answered while the work ran. */
  probes: number;
  /**
   * The most CPU time, in ms, the serving thread (the suite's own thread, where the in-process app serves) spent
   * between two answered checks, taken with `process.threadCpuUsage`. Work that holds the event loop shows here as
   * long as it holds it, whatever else the machine runs; a check answered late only because the machine was busy does
   * not.
   */
  longestWorkMs: number;
  /** How late each check answered, in ms, timed from when it was due: for the failure message. */
  latenessMs: number[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The most CPU time the serving thread may spend between two checks while a file is read on a thread: above the
 * suite's own pauses (a garbage collection of the jest worker's heap took 205 ms once, on a PostgreSQL run), below
 * what reading the file on the serving thread costs (829 ms for documents.e2e-spec's 100 MiB stream).
 */
export const EVENT_LOOP_FREE_MS = 400;

/**
 * Sends a liveness check every `everyMs` while `work` runs. Timing the answers alone made the bound a measure of the
 * machine: on a 2-core CI machine running other suites, a check waited 984 ms once while the serving thread had worked
 * no more than 41 ms in any interval (the PostgreSQL run of documents.e2e-spec). So the bound is on the thread's own
 * CPU time between checks, which a stall of the event loop spends and a busy machine does not.
 */
export async function probeServingThread(
  app: TestApp,
  work: Promise<unknown>,
  everyMs = 50,
): Promise<ServingThreadReport> {
  let finished = false;
  void work.finally(() => (finished = true)).catch(() => undefined);
  const latenessMs: number[] = [];
  let longestWorkMs = 0;
  let due = performance.now();
  let cpu = process.threadCpuUsage();
  while (!finished) {
    await app.http().get('/api/health/live').expect(200);
    latenessMs.push(Math.round(performance.now() - due));
    const spent = process.threadCpuUsage(cpu);
    cpu = process.threadCpuUsage();
    longestWorkMs = Math.max(longestWorkMs, Math.round((spent.user + spent.system) / 1000));
    due = performance.now() + everyMs;
    await pause(everyMs);
  }
  return { probes: latenessMs.length, longestWorkMs, latenessMs };
}

/** Expects at least `minProbes` checks answered while the work ran, and the serving thread free between every two. */
export function expectEventLoopFree(
  { probes, longestWorkMs, latenessMs }: ServingThreadReport,
  minProbes: number,
): void {
  expect({
    probes: probes >= minProbes,
    eventLoopFree: longestWorkMs <= EVENT_LOOP_FREE_MS,
    longestWorkMs,
    latenessMs,
  }).toEqual({ probes: true, eventLoopFree: true, longestWorkMs, latenessMs });
}
