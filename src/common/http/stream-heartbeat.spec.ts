import { StreamHeartbeat } from './stream-heartbeat';

describe('StreamHeartbeat', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('beats each stream once a period, never later than a period after it joined', () => {
    const heartbeat = new StreamHeartbeat(2000);
    const early = jest.fn();
    heartbeat.join(early);
    jest.advanceTimersByTime(750);
    const late = jest.fn();
    heartbeat.join(late);
    jest.advanceTimersByTime(1250);
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(750);
    expect(late).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(4000);
    expect(early).toHaveBeenCalledTimes(3);
    expect(late).toHaveBeenCalledTimes(3);
  });

  it('spreads streams that join at different times over the period', () => {
    const heartbeat = new StreamHeartbeat(2000);
    const beats = Array.from({ length: 4 }, () => jest.fn());
    for (const beat of beats) {
      heartbeat.join(beat);
      jest.advanceTimersByTime(500);
    }
    // 2,000 ms after the first joined: only it has beaten yet.
    expect(beats.map((beat) => beat.mock.calls.length)).toEqual([1, 0, 0, 0]);
  });

  it('stops beating a stream that left, and runs no timer once none is left', () => {
    const heartbeat = new StreamHeartbeat(2000);
    const beat = jest.fn();
    const leave = heartbeat.join(beat);
    jest.advanceTimersByTime(2000);
    leave();
    leave();
    jest.advanceTimersByTime(10_000);
    expect(beat).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('lets a stream leave during its own beat without skipping the others', () => {
    const heartbeat = new StreamHeartbeat(2000);
    const other = jest.fn();
    const leave: Array<() => void> = [];
    leave.push(heartbeat.join(() => leave[0]()));
    heartbeat.join(other);
    jest.advanceTimersByTime(4000);
    expect(other).toHaveBeenCalledTimes(2);
  });
});
