import { BackgroundWork, type BackgroundWorker } from './background-work';

describe('BackgroundWork', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const declare = (runs: boolean) => {
    const background = new BackgroundWork(runs);
    const run = jest.fn(async () => 1);
    background.pass({ name: 'expiry', everyMs: 1000, run, failure: 'Expiry sweep failed' });
    const start = jest.fn();
    const stop = jest.fn(async () => undefined);
    const worker: BackgroundWorker = { start, stop };
    background.worker('deliveries', worker);
    return { background, run, start, stop };
  };

  it('starts every pass on its timer and every worker on bootstrap, and stops them before shutdown', async () => {
    const { background, run, start, stop } = declare(true);
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    background.onApplicationBootstrap();
    expect(start).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    await background.beforeApplicationShutdown();
    expect(stop).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('starts nothing in a process that runs no background work, yet runs a pass asked for by name', async () => {
    const { background, run, start } = declare(false);
    background.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
    await expect(background.runOnce('expiry')).resolves.toBe(1);
  });

  it('refuses a name declared twice and a pass it does not know', () => {
    const { background } = declare(true);
    expect(() => background.pass({ name: 'deliveries', everyMs: 1, run: async () => 0, failure: 'x' })).toThrow(
      "Background work 'deliveries' is declared twice",
    );
    expect(() => background.runOnce('reminders')).toThrow("No background pass is named 'reminders'");
  });
});
