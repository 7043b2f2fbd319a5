import type { Logger } from '@nestjs/common';
import { PeriodicPass } from './periodic-pass';

describe('PeriodicPass', () => {
  const errors = jest.fn();
  const logger = () => ({ error: errors }) as unknown as Logger;
  beforeEach(() => errors.mockClear());

  it('runs one pass at a time: a call while one runs answers undefined and starts nothing', async () => {
    let finish!: (value: number) => void;
    const pass = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const passes = new PeriodicPass(pass, logger(), 'failed');
    const first = passes.runOnce();
    await expect(passes.runOnce()).resolves.toBeUndefined();
    finish(3);
    await expect(first).resolves.toBe(3);
    expect(pass).toHaveBeenCalledTimes(1);
  });

  it('logs a failed pass instead of throwing, and runs again next time', async () => {
    const pass = jest.fn().mockRejectedValueOnce(new Error('database gone')).mockResolvedValueOnce(1);
    const passes = new PeriodicPass<number>(pass, logger(), 'Sweep failed');
    await expect(passes.runOnce()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith({ err: expect.any(Error) }, 'Sweep failed');
    await expect(passes.runOnce()).resolves.toBe(1);
  });

  it('stop waits for the pass under way', async () => {
    let finished = false;
    const passes = new PeriodicPass(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            finished = true;
            resolve();
          }, 20),
        ),
      logger(),
      'failed',
    );
    void passes.runOnce();
    await passes.stop();
    expect(finished).toBe(true);
  });
});
